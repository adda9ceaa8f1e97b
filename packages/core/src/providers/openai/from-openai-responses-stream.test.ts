import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { providerStreamsDir } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { ThinkingBlock, ToolCallBlock } from '../../content/content.js';
import type { StreamEvent } from '../stream-event.js';
import { type OpenAiResponsesRawEvent, OpenAiResponsesStreamParser } from './from-openai-responses-stream.js';

const FOLDER = path.join(providerStreamsDir(), 'openai-responses');

function events(file: string): OpenAiResponsesRawEvent[] {
  return readFileSync(path.join(FOLDER, file), 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as OpenAiResponsesRawEvent);
}

function run(file: string): StreamEvent[] {
  const parser = new OpenAiResponsesStreamParser({ provider: 'openai', model: 'gpt-test' });
  return [...events(file).flatMap((event) => parser.push(event)), ...parser.end()];
}

function parse(file: string): StreamEvent<'finish'> {
  const last = run(file).at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last;
}

const calls = (done: StreamEvent<'finish'>): ToolCallBlock[] => done.content.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
const thinking = (done: StreamEvent<'finish'>): ThinkingBlock[] => done.content.blocks.filter((block): block is ThinkingBlock => block.type === 'thinking');

describe('OpenAiResponsesStreamParser on recorded streams', () => {
  it('reads output_text deltas and usage with cached tokens', () => {
    const done = parse('text.chunks.txt');
    expect(done.content.blocks).toEqual([{ type: 'text', text: 'OK' }]);
    expect(done.usage).toEqual({ inputTokens: 12, outputTokens: 2, cacheReadTokens: 0, thinkingTokens: 0 });
    expect(done.reason).toEqual({ unified: 'stop', raw: 'completed' });
  });

  it('assembles a function call from argument fragments, keeping call and item ids as opaque', () => {
    const all = run('function-call-args-fragments.chunks.txt');
    expect(all.filter((event) => event.type === 'tool_call_delta')).toHaveLength(6);
    const done = all.at(-1) as StreamEvent<'finish'>;
    expect(calls(done)).toMatchObject([{ name: 'get_weather', parameters: { city: 'Beijing' }, opaque: { api: 'openai-responses', callId: 'call_2FQdm3Br7Qb35YUBSkDR7kue', itemId: expect.stringMatching(/^fc_/) } }]);
    expect(calls(done)[0]?.id).toMatch(/^hist_tool_/);
    expect(done.reason).toEqual({ unified: 'tool_calls', raw: 'completed' });
  });

  it('keeps the final encrypted reasoning (not the one from output_item.added) and reads a no-argument call', () => {
    const lines = events('reasoning-encrypted-function-call-no-args.chunks.txt');
    const final = lines.find((event) => event.type === 'response.output_item.done' && event.item?.type === 'reasoning')?.item?.encrypted_content;
    const done = parse('reasoning-encrypted-function-call-no-args.chunks.txt');
    expect(thinking(done)).toEqual([{ type: 'thinking', text: '', opaque: expect.objectContaining({ api: 'openai-responses', encryptedContent: final, itemId: expect.stringMatching(/^rs_/) }) }]);
    expect(calls(done)).toMatchObject([{ name: 'lookupCode', parameters: {} }]);
    expect(done.usage?.thinkingTokens).toBe(9);
  });

  it('matches events by output_index when every event carries a different item id', () => {
    const done = parse('reasoning-summary-text-id-rotation.chunks.txt');
    expect(done.content.blocks.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(thinking(done)[0]?.text).toBe('**Counting character occurrences**');
    expect(done.content.blocks[1]).toMatchObject({ type: 'text', text: expect.stringMatching(/^There are \*\*3\*\* letter .*positions \*\*3, 8, and 9\*\*\.$/s) });
    expect(done.usage).toMatchObject({ inputTokens: 19, outputTokens: 105, thinkingTokens: 44 });
  });

  it('streams a reasoning summary as thinking deltas and reads xAI cached and reasoning tokens', () => {
    const all = run('reasoning-summary-cached-tokens-xai.chunks.txt');
    const deltas = all.filter((event): event is StreamEvent<'thinking_delta'> => event.type === 'thinking_delta').map((event) => event.text);
    expect(deltas.join('')).toBe('The user says: "Reply with exactly: hello"\n');
    const done = all.at(-1) as StreamEvent<'finish'>;
    expect(done.content.blocks.at(-1)).toEqual({ type: 'text', text: 'hello' });
    expect(done.usage).toMatchObject({ cacheReadTokens: 192, thinkingTokens: 198 });
  });

  it('reads raw reasoning_text (DeepSeek) as thinking, then a call in ten fragments', () => {
    const done = parse('reasoning-text-function-call-deepseek.chunks.txt');
    expect(thinking(done)[0]?.text).toBe('The user asks about weather in San Francisco. I have a weather tool. Let me call it.');
    expect(calls(done)).toMatchObject([{ name: 'weather', parameters: { location: 'San Francisco' } }]);
    expect(done.usage?.cacheReadTokens).toBe(256);
  });

  it('throws a quota error at the streamed error event, before response.failed', () => {
    const parser = new OpenAiResponsesStreamParser({ provider: 'openai', model: 'm' });
    const [created, inProgress, error] = events('error-then-failed.chunks.txt');
    expect([created, inProgress].flatMap((event) => parser.push(event ?? { type: '' }))).toEqual([]);
    expect(() => parser.push(error ?? { type: '' })).toThrow(expect.objectContaining({ kind: 'quota', message: expect.stringContaining('exceeded your current quota') }));
  });

  it('classifies a lone error event with a null code by its type', () => {
    expect(() => run('error-null-code.chunks.txt')).toThrow(expect.objectContaining({ kind: 'server', retryable: true, message: 'openai: Sorry, something went wrong.' }));
  });

  it('classifies response.failed without an error event', () => {
    expect(() => run('response-failed-only.chunks.txt')).toThrow(expect.objectContaining({ kind: 'rate_limit', message: expect.stringContaining('tokens per min') }));
  });

  it('unwraps a leaked `parallel` call into the calls it lists, emitting no wrapper', () => {
    const all = run('parallel-wrapper-function-call.chunks.txt');
    expect(all.filter((event) => event.type === 'tool_call_start').map((event) => (event as StreamEvent<'tool_call_start'>).name)).toEqual(['weather', 'cityAttractions']);
    const done = all.at(-1) as StreamEvent<'finish'>;
    expect(calls(done)).toMatchObject([
      { name: 'weather', parameters: { location: 'San Francisco' }, opaque: { callId: 'call_parallel_0' } },
      { name: 'cityAttractions', parameters: { city: 'Rome' }, opaque: { callId: 'call_parallel_1' } },
    ]);
    expect(done.reason.unified).toBe('tool_calls');
  });

  it('reads a custom tool call’s plain-text input', () => {
    const done = parse('custom-tool-call.chunks.txt');
    expect(calls(done)).toMatchObject([{ name: 'write_sql', parameters: { input: 'SELECT * FROM users WHERE age > 25' }, opaque: { customTool: true, callId: 'call_custom_sql_001' } }]);
  });

  it('parses every recorded file (11) to a finish or a classified error', () => {
    const files = readdirSync(FOLDER).filter((file) => file.endsWith('.chunks.txt'));
    expect(files).toHaveLength(11);
    for (const file of files) {
      const outcome = (() => {
        try {
          return run(file).at(-1)?.type;
        } catch (error) {
          return (error as { name?: string }).name;
        }
      })();
      expect([file, outcome]).toEqual([file, file.includes('error') || file.includes('failed') ? 'ProviderError' : 'finish']);
    }
  });

  it('treats a stream without response.completed as cut, yielding no half call', () => {
    const parser = new OpenAiResponsesStreamParser({ provider: 'openai', model: 'm' });
    const partial = events('function-call-args-fragments.chunks.txt').slice(0, 6).flatMap((event) => parser.push(event));
    expect(partial.some((event) => event.type === 'tool_call_end')).toBe(false);
    expect(() => parser.end()).toThrow(expect.objectContaining({ kind: 'network' }));
  });

  it('maps response.incomplete for the output limit to length', () => {
    const parser = new OpenAiResponsesStreamParser({ provider: 'openai', model: 'm' });
    const done = parser.push({ type: 'response.incomplete', response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } } }).at(-1);
    expect(done).toMatchObject({ type: 'finish', reason: { unified: 'length', raw: 'max_output_tokens' } });
  });
});
