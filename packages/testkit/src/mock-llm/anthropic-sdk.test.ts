import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer } from './server.js';
import type { MockLlmServer } from './types.js';

let server: MockLlmServer;
let client: Anthropic;
beforeEach(async () => {
  server = await startMockLlmServer();
  client = new Anthropic({ apiKey: 'test', baseURL: server.baseUrls.anthropic, maxRetries: 0 });
});
afterEach(async () => {
  await server.close();
});

const MODEL = 'claude-sonnet-4-6';
const ask = { model: MODEL, max_tokens: 1000, messages: [{ role: 'user' as const, content: 'go' }] };

async function rawEvents() {
  const events = [];
  for await (const event of await client.messages.create({ ...ask, stream: true })) events.push(event);
  return events;
}

describe('the mock speaks the Anthropic Messages stream that @anthropic-ai/sdk parses', () => {
  it('streams thinking with its signature, text in chunks, and parallel tool calls with split arguments', async () => {
    server.enqueue({
      thinking: { text: 'Let me look at both files first.', signature: 'sig-abc' },
      text: 'Reading them now.',
      toolCalls: [
        { id: 'toolu_1', name: 'read_file', arguments: { path: 'src/a.ts' }, chunks: 4 },
        { name: 'read_file', arguments: { path: 'src/b.ts' } },
      ],
      usage: { input: 120, output: 40, cachedRead: 300, cacheWrite: 20, thinking: 15 },
    });
    const message = await client.messages.stream(ask).finalMessage();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me look at both files first.', signature: 'sig-abc' },
      { type: 'text', text: 'Reading them now.'},
      { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'src/a.ts' } },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'read_file', input: { path: 'src/b.ts' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 120, output_tokens: 55, cache_read_input_tokens: 300, cache_creation_input_tokens: 20 });
  });

  it('sends each text chunk and argument fragment as its own delta event', async () => {
    server.enqueue({ text: ['Hel', 'lo'], toolCalls: [{ name: 'grep', arguments: { pattern: 'TODO' }, chunks: 3 }] });
    const events = await rawEvents();
    const deltas = events.flatMap((event) => (event.type === 'content_block_delta' ? [event.delta] : []));
    expect(deltas.filter((delta) => delta.type === 'text_delta').map((delta) => delta.text)).toEqual(['Hel', 'lo']);
    const fragments = deltas.flatMap((delta) => (delta.type === 'input_json_delta' ? [delta.partial_json] : []));
    expect(fragments.length).toBe(4);
    expect(fragments.join('')).toBe('{"pattern":"TODO"}');
    expect(events[0]?.type).toBe('message_start');
    expect(events.at(-1)?.type).toBe('message_stop');
  });

  it('reports max_tokens as the stop reason', async () => {
    server.enqueue({ text: 'cut short', stopReason: 'max_tokens' });
    expect((await client.messages.stream(ask).finalMessage()).stop_reason).toBe('max_tokens');
  });

  it('answers non-streaming requests with text and tool calls', async () => {
    server.enqueue({ toolCalls: [{ id: 'toolu_x', name: 'answer', arguments: { value: 42 } }] });
    const message = await client.messages.create(ask);
    expect(message.content).toEqual([{ type: 'tool_use', id: 'toolu_x', name: 'answer', input: { value: 42 } }]);
  });

  it('fails with 429, its Retry-After header and the rate_limit_error shape', async () => {
    server.enqueue({ fault: { status: 429, retryAfter: '7' } });
    const error = await client.messages.create(ask).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(429);
    expect(apiError.headers?.get('retry-after')).toBe('7');
    expect(apiError.error).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  });

  it('fails with 500 api_error and 529 overloaded_error', async () => {
    server.enqueue({ fault: { status: 500 } }, { fault: { status: 529 } });
    const first = (await client.messages.create(ask).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(first).toBeInstanceOf(Anthropic.InternalServerError);
    expect(first.error).toMatchObject({ error: { type: 'api_error' } });
    const second = (await client.messages.create(ask).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(second.status).toBe(529);
    expect(second.error).toMatchObject({ error: { type: 'overloaded_error' } });
  });

  it('makes the SDK throw when the stream is cut mid-event', async () => {
    server.enqueue({ text: 'one two three four five six seven', fault: { kind: 'cut', afterEvents: 4 } });
    await expect(client.messages.stream(ask).finalMessage()).rejects.toThrow();
  });

  it('makes the SDK throw on an event whose JSON does not parse', async () => {
    server.enqueue({ text: 'hello there', fault: { kind: 'malformed', afterEvents: 3 } });
    await expect(rawEvents()).rejects.toThrow(/JSON/);
  });

  it('keeps a stalled stream open until the server closes', async () => {
    // Three events: message_start, ping (which the SDK swallows), content_block_start.
    server.enqueue({ text: 'never finished', fault: { kind: 'stall', afterEvents: 3 } });
    const iterator = (await client.messages.create({ ...ask, stream: true }))[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.type).toBe('message_start');
    expect((await iterator.next()).value?.type).toBe('content_block_start');
    const pending = iterator.next();
    await server.close();
    await expect(pending).rejects.toThrow();
    server = await startMockLlmServer();
  });

  it('resumes a stall that has a duration', async () => {
    server.enqueue({ text: 'slow but complete', fault: { kind: 'stall', afterEvents: 2, ms: 20 }, delayMs: 1 });
    const message = await client.messages.stream(ask).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'slow but complete'}]);
  });

  it('counts tokens and lists models', async () => {
    const counted = await client.messages.countTokens({ model: MODEL, messages: [{ role: 'user', content: 'x'.repeat(400) }] });
    expect(counted.input_tokens).toBeGreaterThan(100);
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toContain('claude-sonnet-4-6');
    expect(server.requests.map((request) => request.path.split('?')[0])).toEqual(['/v1/messages/count_tokens', '/v1/models']);
    expect(server.requests.every((request) => request.family === 'anthropic')).toBe(true);
  });

  it('rejects a missing API key with 401 and an unknown model with 404 when models are listed', async () => {
    await server.close();
    server = await startMockLlmServer({ models: ['claude-haiku-4-5'] });
    // The SDK refuses to send without a key, so this request is made by hand.
    const unauthorised = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...ask, model: 'claude-haiku-4-5' }),
    });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: 'x-api-key header is required' } });
    const keyed = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const unknown = (await keyed.messages.create(ask).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError);
    expect(unknown.error).toMatchObject({ error: { type: 'not_found_error', message: `model: ${MODEL}` } });
  });

  it('rejects a tool result without its call, as the API does, and serves the turn to the next valid request', async () => {
    server.enqueue({ text: 'kept for later' });
    const bad = await client.messages
      .create({
        ...ask,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_missing', content: 'x' }] },
        ],
      })
      .catch((caught: unknown) => caught);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
    expect((bad as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('toolu_missing') },
    });
    expect((await client.messages.create(ask)).content).toEqual([{ type: 'text', text: 'kept for later' }]);
  });

  it('gives the context-overflow error once the prompt exceeds the window', async () => {
    server.setContextWindow(50);
    const error = (await client.messages
      .create({ ...ask, messages: [{ role: 'user', content: 'word '.repeat(200) }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error.status).toBe(400);
    expect(error.error).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/^prompt is too long: \d+ tokens > 50 maximum$/) } });
  });
});
