import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../stream-event.js';
import { type OpenAiChatRawChunk, OpenAiChatStreamParser } from './from-openai-chat-stream.js';

const FIXTURES = fileURLToPath(new URL('../../../../../../shared/fixtures/provider-streams/openai-chat/', import.meta.url));

function lines(file: string): OpenAiChatRawChunk[] {
  return readFileSync(FIXTURES + file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as OpenAiChatRawChunk);
}

function parse(file: string): StreamEvent<'finish'> {
  const parser = new OpenAiChatStreamParser({ provider: 'openai', model: 'gpt-test' });
  const events = [...lines(file).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last;
}

describe('OpenAiChatStreamParser on recorded streams', () => {
  it('skips an Azure placeholder first chunk and reads the usage-only chunk', () => {
    const done = parse('text-azure-filter-first-chunk.chunks.txt');
    expect(done.content.blocks).toEqual([{ type: 'text', text: 'Capital of Denmark.' }]);
    expect(done.usage).toMatchObject({ thinkingTokens: 64, cacheReadTokens: 0 });
    expect(done.reason).toEqual({ unified: 'stop', raw: 'stop' });
  });

  it('reads a no-argument call after text as parameters {}', () => {
    const done = parse('text-then-tool-no-args.chunks.txt');
    expect(done.content.blocks).toMatchObject([{ type: 'text', text: 'PRE_TOOL' }, { type: 'tool_call', name: 'weather', parameters: {} }]);
    expect(done.reason.unified).toBe('tool_calls');
  });

  it('concatenates reasoning_content and one-token argument fragments', () => {
    const done = parse('reasoning-content-tool-args-fragments.chunks.txt');
    const [thinking, call] = done.content.blocks;
    expect(thinking?.type === 'thinking' && thinking.text.length).toBeGreaterThan(20);
    expect(call).toMatchObject({ type: 'tool_call', name: 'weather', parameters: { location: expect.any(String) } });
    expect(done.usage?.cacheReadTokens).toBe(256);
  });

  it('handles a whole call in one chunk and chunks without finish_reason', () => {
    const done = parse('reasoning-content-tool-single-chunk-cached.chunks.txt');
    expect(done.content.blocks.some((block) => block.type === 'tool_call')).toBe(true);
    expect(done.usage).toMatchObject({ cacheReadTokens: 290, thinkingTokens: 196 });
  });

  it('does not reset a call on continuations with an empty id', () => {
    const calls = parse('tool-call-empty-id-continuations.chunks.txt').content.blocks.filter((block) => block.type === 'tool_call');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.type === 'tool_call' && Object.keys(calls[0].parameters).length).toBeGreaterThan(0);
  });

  it('reads Groq usage on the finish chunk', () => {
    const done = parse('tool-call-no-args-groq-usage.chunks.txt');
    expect(done.content.blocks).toMatchObject([{ type: 'tool_call', name: 'weather', parameters: {} }]);
    expect(done.usage?.inputTokens).toBeGreaterThan(0);
  });

  it('assembles parallel calls sent without index and continued out of order', () => {
    const calls = parse('parallel-tool-calls-interleaved.chunks.txt').content.blocks;
    expect(calls).toMatchObject([
      { type: 'tool_call', name: 'get_weather', parameters: { city: expect.any(String) } },
      { type: 'tool_call', name: 'get_time', parameters: { zone: expect.any(String) } },
    ]);
  });

  it('throws a classified error streamed mid-answer, after the text it had', () => {
    const parser = new OpenAiChatStreamParser({ provider: 'moonshot', model: 'm' });
    const [first, second] = lines('error-mid-stream.chunks.txt');
    expect(parser.push(first ?? {})).toEqual([{ type: 'text_delta', text: 'Partial' }]);
    expect(() => parser.push(second ?? {})).toThrow(expect.objectContaining({ name: 'ProviderError' }));
  });

  it('reports truncation as length', () => {
    expect(parse('finish-length-usage-same-chunk.chunks.txt').reason).toEqual({ unified: 'length', raw: 'length' });
  });

  it('ignores empty tool_calls arrays', () => {
    const done = parse('empty-tool-calls-arrays.chunks.txt');
    expect(done.content.blocks.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(done.reason.unified).toBe('stop');
  });

  it('treats a stream without a finish reason as cut, yielding no half call', () => {
    const parser = new OpenAiChatStreamParser({ provider: 'openai', model: 'm' });
    const chunks = lines('reasoning-content-tool-args-fragments.chunks.txt');
    const events = chunks.slice(0, -3).flatMap((chunk) => parser.push(chunk));
    expect(events.some((event) => event.type === 'tool_call_end')).toBe(false);
    expect(() => parser.end()).toThrow(/ended before a finish reason/);
  });
});
