import { readFileSync } from 'node:fs';
import path from 'node:path';
import { providerStreamsDir } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { type AnthropicRawEvent, AnthropicStreamParser } from './from-anthropic-stream.js';
import { toAnthropicMessages, toAnthropicRequest } from './to-anthropic-request.js';

const CALL = 'hist_tool_11111111-1111-4111-8111-111111111111';
const human = (text: string): IContent => ({ speaker: 'human', blocks: [{ type: 'text', text }] });

function recordedTurn(file: string): IContent {
  const parser = new AnthropicStreamParser({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
  const lines = readFileSync(path.join(providerStreamsDir(), 'anthropic', file), 'utf8').split('\n').filter((line) => line.trim() !== '');
  const events = [...lines.flatMap((line) => parser.push(JSON.parse(line) as AnthropicRawEvent)), ...parser.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last.content;
}

describe('toAnthropicMessages (IContent → Messages API)', () => {
  it('sends images and PDFs as base64 or URL sources', () => {
    const [message] = toAnthropicMessages([{ speaker: 'human', blocks: [
      { type: 'media', mimeType: 'image/png', data: 'AAAA', encoding: 'base64' },
      { type: 'media', mimeType: 'image/jpeg', data: 'https://x/y.jpg', encoding: 'url' },
      { type: 'media', mimeType: 'application/pdf', data: 'JVBE', encoding: 'base64' },
    ] }]);
    expect(message?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      { type: 'image', source: { type: 'url', url: 'https://x/y.jpg' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' } },
    ]);
  });

  it('sends its own signed and redacted thinking back, and foreign thinking as text or not at all', () => {
    const history: IContent[] = [human('q'), { speaker: 'ai', blocks: [
      { type: 'thinking', text: 'mine', signature: 'sig', opaque: { api: 'anthropic' } },
      { type: 'thinking', text: '', opaque: { api: 'anthropic', redactedData: 'opaque-data' } },
      { type: 'thinking', text: 'theirs', opaque: { api: 'gemini', signature: 'g-sig' } },
      { type: 'text', text: 'answer' },
    ] }];
    expect(toAnthropicMessages(history)[1]?.content).toEqual([
      { type: 'thinking', thinking: 'mine', signature: 'sig' },
      { type: 'redacted_thinking', data: 'opaque-data' },
      { type: 'text', text: 'answer' },
    ]);
    expect(toAnthropicMessages(history, { foreignThinking: 'text' })[1]?.content).toContainEqual({ type: 'text', text: '<thinking>theirs</thinking>' });
    expect(JSON.stringify(toAnthropicMessages(history, { foreignThinking: 'text' }))).not.toContain('g-sig');
  });

  it('pairs tool_use and tool_result under one toolu_ id, marking errors', () => {
    const messages = toAnthropicMessages([human('q'),
      { speaker: 'ai', blocks: [{ type: 'tool_call', id: CALL, name: 'ls', parameters: { path: '.' } }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: CALL, toolName: 'ls', error: 'denied' }] }]);
    const use = messages[1]?.content as { id: string }[];
    expect(use[0]).toEqual({ type: 'tool_use', id: 'toolu_11111111111141118111111111111111', name: 'ls', input: { path: '.' } });
    expect(messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: use[0]?.id, content: 'Error: denied', is_error: true }] });
  });

  it('merges consecutive turns of one role (tool results and the next prompt are one user message) and drops empty text', () => {
    const messages = toAnthropicMessages([human('a'), human(''), { speaker: 'ai', blocks: [{ type: 'text', text: '' }] }, human('b')]);
    expect(messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }]);
  });

  it('puts cache breakpoints on the system prompt, the last tool and the latest user turn', () => {
    const body = toAnthropicRequest({ model: 'm', history: [human('q')], systemPrompt: 'sys', tools: [{ name: 't', description: 'd', parameters: {} }] });
    expect(body.system).toEqual([{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }]);
    expect(body.tools?.[0]).toMatchObject({ cache_control: { type: 'ephemeral' } });
    expect(body.messages[0]?.content).toEqual([{ type: 'text', text: 'q', cache_control: { type: 'ephemeral' } }]);
  });

  it('round-trips a recorded thinking stream: the parsed turn goes back with its signature intact', () => {
    const turn = recordedTurn('thinking-signature.chunks.txt');
    const sent = toAnthropicMessages([human('q'), turn])[1]?.content as { type: string; signature?: string }[];
    expect(sent.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(sent[0]?.signature).toHaveLength(332);
  });
});
