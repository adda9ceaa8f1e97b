import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ToolCallBlock } from '../../content/content.js';
import type { StreamEvent } from '../stream-event.js';
import { type GeminiRawChunk, GeminiStreamParser } from './from-gemini-stream.js';

const FIXTURES = fileURLToPath(new URL('../../../../../../shared/fixtures/provider-streams/gemini/', import.meta.url));

function parse(file: string): StreamEvent<'finish'> {
  const parser = new GeminiStreamParser({ provider: 'gemini', model: 'gemini-test' });
  const chunks = readFileSync(FIXTURES + file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/^data: /, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GeminiRawChunk);
  const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last;
}

const calls = (done: StreamEvent<'finish'>): ToolCallBlock[] => done.content.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');

describe('GeminiStreamParser on recorded streams', () => {
  it('keeps the signature carried by a final empty text part', () => {
    const done = parse('text-thought-signature.chunks.txt');
    const signed = done.content.blocks.find((block) => block.type === 'text' && block.opaque?.signature);
    expect(signed).toMatchObject({ type: 'text', text: '', opaque: { api: 'gemini' } });
    expect(done.usage?.thinkingTokens).toBeGreaterThan(0);
    expect(done.reason).toEqual({ unified: 'stop', raw: 'STOP' });
  });

  it('reads thought parts as thinking', () => {
    const done = parse('thought-parts-gemma.chunks.txt');
    expect(done.content.blocks[0]?.type).toBe('thinking');
    expect(done.content.blocks.find((block) => block.type === 'text')).toMatchObject({ text: 'hello' });
  });

  it('keeps the signature of an id-less call and reports tool_calls', () => {
    const done = parse('function-call-thought-signature.chunks.txt');
    expect(calls(done)[0]).toMatchObject({ name: 'weather', parameters: { location: expect.any(String) }, opaque: { api: 'gemini', signature: expect.any(String) } });
    expect(calls(done)[0]?.opaque?.callId).toBeUndefined();
    expect(done.reason).toEqual({ unified: 'tool_calls', raw: 'STOP' });
  });

  it('keeps a call id when Gemini sends one', () => {
    const done = parse('text-then-function-call-id.chunks.txt');
    expect(calls(done)[0]).toMatchObject({ name: 'get_weather', parameters: { city: expect.any(String) }, opaque: { callId: expect.any(String) } });
  });

  it('assembles four calls: one without arguments and three with streamed arguments', () => {
    const done = parse('parallel-no-args-streamed-args-thought.chunks.txt');
    expect(calls(done).map((call) => [call.name, call.parameters])).toEqual([
      ['read_theme', {}],
      ['read_screen', { id: 'A' }],
      ['read_screen', { id: 'B' }],
      ['read_screen', { id: 'C' }],
    ]);
    expect(done.usage).toMatchObject({ inputTokens: 249, outputTokens: 58 + 183, thinkingTokens: 183 });
  });

  it('assembles two streamed-argument calls closed by the finishing chunk', () => {
    expect(calls(parse('streamed-args-two-calls-vertex.chunks.txt')).map((call) => call.parameters)).toEqual([{ location: 'Boston' }, { location: 'San Francisco' }]);
  });

  it('reads nested arguments from an SSE-framed file', () => {
    expect(calls(parse('function-call-nested-args-sse-framed.chunks.txt'))[0]?.parameters).toEqual({ condition: { or: [{ term: 'x' }, { term: 'y' }] } });
  });

  it('reads cache tokens from a usage-only chunk', () => {
    expect(parse('usage-only-cache-tokens-sse-framed.chunks.txt').usage).toMatchObject({ cacheReadTokens: 4, thinkingTokens: 89 });
  });

  it('reports a blocked prompt as content_filter with the block reason', () => {
    expect(parse('prompt-blocked.chunks.txt').reason).toEqual({ unified: 'content_filter', raw: 'PROHIBITED_CONTENT' });
  });
});
