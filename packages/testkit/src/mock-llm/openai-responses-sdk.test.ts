import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer } from './server.js';
import type { MockLlmServer } from './types.js';

let server: MockLlmServer;
let client: OpenAI;
beforeEach(async () => {
  server = await startMockLlmServer();
  client = new OpenAI({ apiKey: 'test', baseURL: server.baseUrls.openai, maxRetries: 0 });
});
afterEach(async () => {
  await server.close();
});

const ask = { model: 'gpt-5', input: 'go' };

async function eventTypes() {
  const types: string[] = [];
  for await (const event of await client.responses.create({ ...ask, stream: true })) types.push(event.type);
  return types;
}

describe('the mock speaks the Responses API stream that openai parses', () => {
  it('streams a reasoning summary, text deltas and parallel function calls, ending with usage', async () => {
    server.enqueue({
      thinking: { text: 'Two files to read.', signature: 'enc-1' },
      text: 'Reading both files now.',
      toolCalls: [
        { id: 'call_a', name: 'read_file', arguments: { path: 'a.ts' }, chunks: 4 },
        { id: 'call_b', name: 'read_file', arguments: { path: 'b.ts' } },
      ],
      usage: { input: 80, output: 30, cachedRead: 20, thinking: 10 },
    });
    const summaryDeltas: string[] = [];
    const argumentDeltas: string[] = [];
    const stream = client.responses.stream(ask);
    stream.on('response.reasoning_summary_text.delta', (event) => summaryDeltas.push(event.delta));
    stream.on('response.function_call_arguments.delta', (event) => argumentDeltas.push(event.delta));
    const response = await stream.finalResponse();
    expect(summaryDeltas.join('')).toBe('Two files to read.');
    expect(argumentDeltas.length).toBe(4 + 3);
    expect(response.output_text).toBe('Reading both files now.');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call', 'function_call']);
    expect(response.output[0]).toMatchObject({ encrypted_content: 'enc-1', summary: [{ type: 'summary_text', text: 'Two files to read.' }] });
    expect(response.output.slice(2)).toMatchObject([
      { call_id: 'call_a', name: 'read_file', arguments: '{"path":"a.ts"}' },
      { call_id: 'call_b', name: 'read_file', arguments: '{"path":"b.ts"}' },
    ]);
    expect(response.usage).toMatchObject({
      input_tokens: 100,
      output_tokens: 40,
      input_tokens_details: { cached_tokens: 20 },
      output_tokens_details: { reasoning_tokens: 10 },
    });
  });

  it('sends the event sequence of the real API', async () => {
    server.enqueue({ text: 'OK' });
    expect(await eventTypes()).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
  });

  it('ends with response.incomplete when the turn hits max tokens', async () => {
    server.enqueue({ text: 'trunc', stopReason: 'max_tokens' });
    expect((await eventTypes()).at(-1)).toBe('response.incomplete');
  });

  it('answers non-streaming requests', async () => {
    server.enqueue({ toolCalls: [{ id: 'call_s', name: 'emit', arguments: { n: 1 } }] });
    const response = await client.responses.create(ask);
    expect(response.output).toMatchObject([{ type: 'function_call', call_id: 'call_s', arguments: '{"n":1}' }]);
  });

  it('fails with 429 + Retry-After and 500, and throws on a cut or malformed stream', async () => {
    server.enqueue({ fault: { status: 429, retryAfter: '2' } }, { fault: { status: 500 } });
    const limited = (await client.responses.create(ask).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(limited.status).toBe(429);
    expect(limited.headers?.get('retry-after')).toBe('2');
    expect(await client.responses.create(ask).catch((caught: unknown) => caught)).toBeInstanceOf(OpenAI.InternalServerError);
    server.enqueue({ text: 'a b c d e f g', fault: { kind: 'cut', afterEvents: 5 } });
    await expect(eventTypes()).rejects.toThrow();
    server.enqueue({ text: 'a b c d e f g', fault: { kind: 'malformed', afterEvents: 5 } });
    await expect(eventTypes()).rejects.toThrow(/JSON/);
  });

  it('rejects a function_call_output without its call and a call without its output', async () => {
    const orphan = (await client.responses
      .create({ ...ask, input: [{ role: 'user', content: 'go' }, { type: 'function_call_output', call_id: 'call_gone', output: 'x' }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(orphan).toBeInstanceOf(OpenAI.BadRequestError);
    expect(orphan.message).toContain('No tool call found for function call output with call_id call_gone.');
    const unanswered = (await client.responses
      .create({ ...ask, input: [{ role: 'user', content: 'go' }, { type: 'function_call', call_id: 'call_open', name: 'ls', arguments: '{}' }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(unanswered.message).toContain('No tool output found for function call call_open.');
  });
});
