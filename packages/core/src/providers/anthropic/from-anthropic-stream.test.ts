import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../stream-event.js';
import { type AnthropicRawEvent, AnthropicStreamParser } from './from-anthropic-stream.js';

const FIXTURES = fileURLToPath(new URL('../../../../../../shared/fixtures/provider-streams/anthropic/', import.meta.url));

function parse(file: string): StreamEvent[] {
  const parser = new AnthropicStreamParser({ provider: 'anthropic', model: 'claude-test' });
  const lines = readFileSync(FIXTURES + file, 'utf8').split('\n').filter((line) => line.trim() !== '');
  const events = lines.flatMap((line) => parser.push(JSON.parse(line) as AnthropicRawEvent));
  return [...events, ...parser.end()];
}

function finish(events: StreamEvent[]): StreamEvent<'finish'> {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`stream did not finish: ${JSON.stringify(last)}`);
  return last;
}

const text = (events: StreamEvent[]): string =>
  events.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');

describe('AnthropicStreamParser on recorded streams', () => {
  it('streams plain text and reports usage and end_turn', () => {
    const events = parse('text.chunks.txt');
    const done = finish(events);
    expect(done.reason).toEqual({ unified: 'stop', raw: 'end_turn' });
    expect(done.content.blocks).toEqual([{ type: 'text', text: text(events) }]);
    expect(done.usage?.outputTokens).toBe(30);
  });

  it('turns a no-argument tool call into parameters {}', () => {
    const done = finish(parse('text-then-tool-no-args.chunks.txt'));
    expect(done.reason.unified).toBe('tool_calls');
    const call = done.content.blocks.find((block) => block.type === 'tool_call');
    expect(call).toMatchObject({ name: 'updateIssueList', parameters: {}, opaque: { api: 'anthropic' } });
    expect(call?.type === 'tool_call' && call.id).toMatch(/^hist_tool_/);
  });

  it('assembles arguments split across fragments, escaped quotes and pings included', () => {
    const quoted = finish(parse('tool-use-quoted-input.chunks.txt')).content.blocks[0];
    expect(quoted?.type === 'tool_call' && JSON.stringify(quoted.parameters)).toContain('\\"What should I do next');
    const pinged = finish(parse('tool-use-interleaved-pings.chunks.txt')).content.blocks.find((block) => block.type === 'tool_call');
    expect(pinged).toMatchObject({ name: 'weather', parameters: { location: expect.any(String) } });
    const weather = finish(parse('text-then-tool-use.chunks.txt')).content.blocks;
    expect(weather).toMatchObject([{ type: 'text', text: 'Let me check.' }, { type: 'tool_call', name: 'get_weather', parameters: { city: 'San Francisco' } }]);
  });

  it('keeps the thinking text and its signature for the next request', () => {
    const events = parse('thinking-signature.chunks.txt');
    const thinking = finish(events).content.blocks[0];
    expect(thinking?.type).toBe('thinking');
    if (thinking?.type !== 'thinking') return;
    expect(thinking.text).toContain('÷');
    expect(thinking.signature).toHaveLength(332);
    expect(thinking.opaque?.api).toBe('anthropic');
    expect(events.some((event) => event.type === 'thinking_delta' && event.signature)).toBe(true);
  });

  it('keeps a signature-only thinking block', () => {
    const thinking = finish(parse('thinking-signature-only-padded.chunks.txt')).content.blocks[0];
    expect(thinking).toMatchObject({ type: 'thinking', text: '' });
    expect(thinking?.type === 'thinking' && thinking.signature?.length).toBe(436);
  });

  it('counts cache reads and writes in the prompt total', () => {
    const usage = finish(parse('cache-usage-server-tool.chunks.txt')).usage;
    expect(usage).toMatchObject({ cacheReadTokens: 6289, cacheWriteTokens: 3337, inputTokens: 6 + 6289 + 3337 });
  });

  it('takes the later input count from message_delta', () => {
    expect(finish(parse('message-delta-usage-update.chunks.txt')).usage?.inputTokens).toBe(61);
  });

  it('tolerates a duplicated message_start', () => {
    expect(text(parse('duplicate-message-start.chunks.txt'))).toBe('Hello, World!');
  });

  it('reports a refusal with no content as content_filter', () => {
    const done = finish(parse('refusal-stop-details.chunks.txt'));
    expect(done.reason).toEqual({ unified: 'content_filter', raw: 'refusal' });
    expect(done.content.blocks).toEqual([]);
  });

  it('never yields a half tool call from a stream cut mid-arguments', () => {
    const parser = new AnthropicStreamParser({ provider: 'anthropic', model: 'm' });
    const lines = readFileSync(FIXTURES + 'tool-use-quoted-input.chunks.txt', 'utf8').split('\n').filter(Boolean);
    const events = lines.slice(0, 6).flatMap((line) => parser.push(JSON.parse(line) as AnthropicRawEvent));
    expect(events.some((event) => event.type === 'tool_call_end')).toBe(false);
    expect(() => parser.end()).toThrow(/ended before the message was complete/);
  });

  it('classifies an overloaded error event as a retryable server error', () => {
    const parser = new AnthropicStreamParser({ provider: 'anthropic', model: 'm' });
    expect(() => parser.push({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toThrow(
      expect.objectContaining({ kind: 'server', retryable: true }),
    );
  });
});
