import { readFileSync } from 'node:fs';
import path from 'node:path';
import { providerStreamsDir } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { type OpenAiChatRawChunk, OpenAiChatStreamParser } from './from-openai-chat-stream.js';
import { toOpenAiChatMessages, toOpenAiChatRequest } from './to-openai-chat-request.js';

const CALL = 'hist_tool_11111111-1111-4111-8111-111111111111';
const human = (text: string): IContent => ({ speaker: 'human', blocks: [{ type: 'text', text }] });

function recordedTurn(file: string): IContent {
  const parser = new OpenAiChatStreamParser({ provider: 'deepseek', model: 'deepseek-chat' });
  const lines = readFileSync(path.join(providerStreamsDir(), 'openai-chat', file), 'utf8').split('\n').filter((line) => line.trim() !== '');
  const events = [...lines.flatMap((line) => parser.push(JSON.parse(line) as OpenAiChatRawChunk)), ...parser.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last.content;
}

describe('toOpenAiChatMessages (IContent → Chat Completions)', () => {
  it('sends images as data or plain URLs beside the text', () => {
    const [message] = toOpenAiChatMessages([{ speaker: 'human', blocks: [
      { type: 'text', text: 'see' },
      { type: 'media', mimeType: 'image/png', data: 'AAAA', encoding: 'base64' },
      { type: 'media', mimeType: 'image/png', data: 'https://x/y.png', encoding: 'url' },
    ] }]);
    expect(message).toEqual({ role: 'user', content: [
      { type: 'text', text: 'see' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      { type: 'image_url', image_url: { url: 'https://x/y.png' } },
    ] });
  });

  it('leaves foreign thinking out by default and sends it as text when asked; never a foreign signature', () => {
    const history: IContent[] = [human('q'), { speaker: 'ai', blocks: [{ type: 'thinking', text: 'hmm', signature: 's', opaque: { api: 'anthropic' } }, { type: 'text', text: 'answer' }] }];
    expect(toOpenAiChatMessages(history)[1]).toEqual({ role: 'assistant', content: 'answer' });
    expect(toOpenAiChatMessages(history, { foreignThinking: 'text' })[1]).toEqual({ role: 'assistant', content: '<thinking>hmm</thinking>answer' });
  });

  it('pairs tool calls and tool messages under one call_ id and sends its own reasoning_content beside calls', () => {
    const messages = toOpenAiChatMessages([human('q'),
      { speaker: 'ai', blocks: [{ type: 'thinking', text: 'need ls', opaque: { api: 'openai-chat' } }, { type: 'tool_call', id: CALL, name: 'ls', parameters: { path: '.' } }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: CALL, toolName: 'ls', result: { files: 2 } }] }]);
    expect(messages.slice(1)).toEqual([
      { role: 'assistant', content: null, reasoning_content: 'need ls', tool_calls: [{ id: 'call_11111111111141118111111111111111', type: 'function', function: { name: 'ls', arguments: '{"path":"."}' } }] },
      { role: 'tool', tool_call_id: 'call_11111111111141118111111111111111', content: '{"files":2}' },
    ]);
  });

  it('merges consecutive turns of one role and drops empty text', () => {
    const messages = toOpenAiChatMessages([human('a'), human(''), human('b'), { speaker: 'ai', blocks: [{ type: 'text', text: 'x' }] }, { speaker: 'ai', blocks: [{ type: 'text', text: '' }, { type: 'text', text: 'y' }] }], { systemPrompt: 'sys' });
    expect(messages).toEqual([{ role: 'system', content: 'sys' }, { role: 'user', content: 'a\n\nb' }, { role: 'assistant', content: 'xy' }]);
  });

  it('asks for the usage chunk unless told not to', () => {
    expect(toOpenAiChatRequest({ model: 'm', history: [human('q')] }).stream_options).toEqual({ include_usage: true });
    expect(toOpenAiChatRequest({ model: 'm', history: [human('q')] }, { includeUsage: false }).stream_options).toBeUndefined();
  });

  it('round-trips a recorded DeepSeek call: reasoning_content and arguments go back as they came', () => {
    const turn = recordedTurn('reasoning-content-tool-args-fragments.chunks.txt');
    const assistant = toOpenAiChatMessages([human('q'), turn])[1] as { reasoning_content?: string; tool_calls?: { function: { arguments: string } }[] };
    const thinking = turn.blocks.find((block) => block.type === 'thinking');
    expect(assistant.reasoning_content).toBe(thinking?.type === 'thinking' ? thinking.text : undefined);
    expect(JSON.parse(assistant.tool_calls?.[0]?.function.arguments ?? '')).toHaveProperty('location');
  });
});
