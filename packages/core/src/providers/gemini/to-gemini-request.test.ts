import { readFileSync } from 'node:fs';
import path from 'node:path';
import { providerStreamsDir } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { type GeminiRawChunk, GeminiStreamParser } from './from-gemini-stream.js';
import { FOREIGN_THOUGHT_SIGNATURE, toGeminiContents, toGeminiRequest } from './to-gemini-request.js';

const CALL = 'hist_tool_11111111-1111-4111-8111-111111111111';
const human = (text: string): IContent => ({ speaker: 'human', blocks: [{ type: 'text', text }] });

function recordedTurn(file: string): IContent {
  const parser = new GeminiStreamParser({ provider: 'gemini', model: 'gemini-3-pro-preview' });
  const lines = readFileSync(path.join(providerStreamsDir(), 'gemini', file), 'utf8').split('\n').map((line) => line.replace(/^data: /, '')).filter((line) => line.trim() !== '');
  const events = [...lines.flatMap((line) => parser.push(JSON.parse(line) as GeminiRawChunk)), ...parser.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last.content;
}

describe('toGeminiContents (IContent → generateContent)', () => {
  it('sends inline media as inlineData and URLs as fileData', () => {
    expect(toGeminiContents([{ speaker: 'human', blocks: [
      { type: 'media', mimeType: 'image/png', data: 'AAAA', encoding: 'base64' },
      { type: 'media', mimeType: 'application/pdf', data: 'gs://b/f.pdf', encoding: 'url' },
    ] }])).toEqual([{ role: 'user', parts: [{ inlineData: { data: 'AAAA', mimeType: 'image/png' } }, { fileData: { fileUri: 'gs://b/f.pdf', mimeType: 'application/pdf' } }] }]);
  });

  it('sends its own thoughts with signatures, drops foreign ones or sends them as plain text', () => {
    const history: IContent[] = [human('q'), { speaker: 'ai', blocks: [
      { type: 'thinking', text: 'mine', opaque: { api: 'gemini', signature: 'g-sig' } },
      { type: 'thinking', text: 'theirs', signature: 'a-sig', opaque: { api: 'anthropic' } },
      { type: 'text', text: 'answer' },
    ] }];
    expect(toGeminiContents(history)[1]?.parts).toEqual([{ text: 'mine', thought: true, thoughtSignature: 'g-sig' }, { text: 'answer' }]);
    expect(toGeminiContents(history, { foreignThinking: 'text' })[1]?.parts).toContainEqual({ text: 'theirs' });
    expect(JSON.stringify(toGeminiContents(history, { foreignThinking: 'text' }))).not.toContain('a-sig');
  });

  it('pairs a foreign call with its response by id and signs the call with the documented placeholder', () => {
    const contents = toGeminiContents([human('q'),
      { speaker: 'ai', blocks: [{ type: 'tool_call', id: CALL, name: 'ls', parameters: { path: '.' }, opaque: { api: 'openai-chat', callId: 'call_x' } }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: CALL, toolName: 'ls', result: ['a'] }] }]);
    expect(contents.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'ls', args: { path: '.' }, id: CALL }, thoughtSignature: FOREIGN_THOUGHT_SIGNATURE }] },
      { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { output: ['a'] }, id: CALL } }] },
    ]);
  });

  it('merges consecutive turns of one speaker and drops empty text', () => {
    expect(toGeminiContents([human('a'), human(''), human('b'), { speaker: 'ai', blocks: [{ type: 'text', text: '' }] }])).toEqual([{ role: 'user', parts: [{ text: 'a' }, { text: 'b' }] }]);
  });

  it('maps a forced tool to ANY with that one name', () => {
    const config = toGeminiRequest({ model: 'm', history: [human('q')], tools: [{ name: 't', description: 'd', parameters: {} }], toolChoice: { name: 't' } }).config;
    expect(config?.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['t'] } });
  });

  it('round-trips a recorded signed call: the signature goes back on the call, without a made-up id', () => {
    const turn = recordedTurn('function-call-thought-signature.chunks.txt');
    const parts = toGeminiContents([human('q'), turn])[1]?.parts ?? [];
    const call = parts.find((part) => part.functionCall);
    expect(call?.functionCall).toMatchObject({ name: 'weather' });
    expect(call?.functionCall?.id).toBeUndefined();
    expect(call?.thoughtSignature).not.toBe(FOREIGN_THOUGHT_SIGNATURE);
    expect(call?.thoughtSignature?.length).toBeGreaterThan(20);
  });
});
