import { readFileSync } from 'node:fs';
import path from 'node:path';
import { providerStreamsDir } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { type OpenAiResponsesRawEvent, OpenAiResponsesStreamParser } from './from-openai-responses-stream.js';
import { toOpenAiResponsesInput, toOpenAiResponsesRequest } from './to-openai-responses-request.js';

const CALL = 'hist_tool_11111111-1111-4111-8111-111111111111';
const human = (text: string): IContent => ({ speaker: 'human', blocks: [{ type: 'text', text }] });

function recordedTurn(file: string): IContent {
  const parser = new OpenAiResponsesStreamParser({ provider: 'openai', model: 'gpt-5.2' });
  const lines = readFileSync(path.join(providerStreamsDir(), 'openai-responses', file), 'utf8').split('\n').filter((line) => line.trim() !== '');
  const events = [...lines.flatMap((line) => parser.push(JSON.parse(line) as OpenAiResponsesRawEvent)), ...parser.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last.content;
}

describe('toOpenAiResponsesInput (IContent → Responses input items)', () => {
  it('sends images as input_image data URLs and PDFs as input_file', () => {
    expect(toOpenAiResponsesInput([{ speaker: 'human', blocks: [
      { type: 'text', text: 'see' },
      { type: 'media', mimeType: 'image/png', data: 'AAAA', encoding: 'base64' },
      { type: 'media', mimeType: 'application/pdf', data: 'JVBE', encoding: 'base64', filename: 'spec.pdf' },
    ] }])).toEqual([{ type: 'message', role: 'user', content: [
      { type: 'input_text', text: 'see' },
      { type: 'input_image', detail: 'auto', image_url: 'data:image/png;base64,AAAA' },
      { type: 'input_file', filename: 'spec.pdf', file_data: 'data:application/pdf;base64,JVBE' },
    ] }]);
  });

  it('sends its own encrypted reasoning back without ids, drops reasoning it cannot replay, and treats foreign thinking by the setting', () => {
    const history: IContent[] = [human('q'), { speaker: 'ai', blocks: [
      { type: 'thinking', text: 'summary', opaque: { api: 'openai-responses', encryptedContent: 'enc', itemId: 'rs_1' } },
      { type: 'thinking', text: 'summary only (xAI)', opaque: { api: 'openai-responses', itemId: 'rs_2' } },
      { type: 'thinking', text: 'claude thought', signature: 'a-sig', opaque: { api: 'anthropic' } },
      { type: 'text', text: 'answer' },
    ] }];
    expect(toOpenAiResponsesInput(history).slice(1)).toEqual([
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'summary' }], encrypted_content: 'enc' },
      { type: 'message', role: 'assistant', content: 'answer' },
    ]);
    expect(toOpenAiResponsesInput(history, { foreignThinking: 'text' }).at(-1)).toEqual({ type: 'message', role: 'assistant', content: '<thinking>claude thought</thinking>answer' });
    expect(JSON.stringify(toOpenAiResponsesInput(history, { foreignThinking: 'text' }))).not.toMatch(/a-sig|rs_1/);
  });

  it('pairs function_call and function_call_output under one call_ id, errors as text', () => {
    expect(toOpenAiResponsesInput([human('q'),
      { speaker: 'ai', blocks: [{ type: 'tool_call', id: CALL, name: 'ls', parameters: { path: '.' } }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: CALL, toolName: 'ls', error: 'denied' }] }]).slice(1)).toEqual([
      { type: 'function_call', call_id: 'call_11111111111141118111111111111111', name: 'ls', arguments: '{"path":"."}' },
      { type: 'function_call_output', call_id: 'call_11111111111141118111111111111111', output: 'Error: denied' },
    ]);
  });

  it('reuses a Chat Completions call id, which the same OpenAI account accepts', () => {
    const input = toOpenAiResponsesInput([human('q'), { speaker: 'ai', blocks: [{ type: 'tool_call', id: CALL, name: 'ls', parameters: {}, opaque: { api: 'openai-chat', callId: 'call_chat' } }] }]);
    expect(input[1]).toMatchObject({ call_id: 'call_chat' });
  });

  it('merges consecutive messages of one role and drops empty text', () => {
    expect(toOpenAiResponsesInput([human('a'), human(''), human('b'), { speaker: 'ai', blocks: [{ type: 'text', text: 'x' }] }, { speaker: 'ai', blocks: [{ type: 'text', text: '' }, { type: 'text', text: 'y' }] }])).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'a' }, { type: 'input_text', text: 'b' }] },
      { type: 'message', role: 'assistant', content: 'xy' },
    ]);
  });

  it('is stateless and asks for encrypted reasoning only from reasoning models or with thinking on', () => {
    const plain = toOpenAiResponsesRequest({ model: 'gpt-4o', history: [human('q')], systemPrompt: 'sys', settings: { maxOutputTokens: 100, stopSequences: ['x'] } });
    expect(plain).toEqual({ model: 'gpt-4o', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'q' }] }], stream: true, store: false, instructions: 'sys', max_output_tokens: 100 });
    expect(toOpenAiResponsesRequest({ model: 'gpt-5', history: [human('q')] }).include).toEqual(['reasoning.encrypted_content']);
    expect(toOpenAiResponsesRequest({ model: 'gpt-5', history: [human('q')], toolChoice: { name: 't' }, tools: [{ name: 't', description: 'd', parameters: {} }] }).tool_choice).toEqual({ type: 'function', name: 't' });
  });

  it('round-trips a recorded reasoning + call turn: the final encrypted content and the call id go back', () => {
    const turn = recordedTurn('reasoning-encrypted-function-call-no-args.chunks.txt');
    const encrypted = turn.blocks[0]?.type === 'thinking' ? turn.blocks[0].opaque?.encryptedContent : undefined;
    const input = toOpenAiResponsesInput([human('q'), turn, { speaker: 'tool', blocks: [{ type: 'tool_response', callId: turn.blocks[1]?.type === 'tool_call' ? turn.blocks[1].id : '', toolName: 'lookupCode', result: 'x' }] }]);
    expect(input.slice(1)).toEqual([
      { type: 'reasoning', summary: [], encrypted_content: encrypted },
      { type: 'function_call', call_id: 'call_LUBOONF2cY8HDQdBwiEQ9fk1', name: 'lookupCode', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_LUBOONF2cY8HDQdBwiEQ9fk1', output: 'x' },
    ]);
  });
});
