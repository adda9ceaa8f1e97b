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

const ask = { model: 'gpt-4.1', messages: [{ role: 'user' as const, content: 'go' }] };

async function chunks(options: { includeUsage?: boolean } = {}) {
  const stream = await client.chat.completions.create({
    ...ask,
    stream: true,
    ...(options.includeUsage ? { stream_options: { include_usage: true } } : {}),
  });
  const received = [];
  for await (const chunk of stream) received.push(chunk);
  return received;
}

describe('the mock speaks the Chat Completions stream that openai parses', () => {
  it('streams text in chunks, parallel tool calls by index with split arguments, and a final usage chunk', async () => {
    server.enqueue({
      text: ['Checking ', 'both.'],
      toolCalls: [
        { id: 'call_a', name: 'read_file', arguments: { path: 'a.ts' }, chunks: 3 },
        { id: 'call_b', name: 'read_file', arguments: { path: 'b.ts' }, chunks: 2 },
      ],
      usage: { input: 100, output: 20, cachedRead: 50, thinking: 5 },
    });
    const received = await chunks({ includeUsage: true });
    const deltas = received.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
    expect(deltas.map((delta) => delta.content ?? '').join('')).toBe('Checking both.');
    const calls = deltas.flatMap((delta) => delta.tool_calls ?? []);
    expect(calls.filter((call) => call.index === 0).length).toBe(4);
    expect(calls.filter((call) => call.index === 1).map((call) => call.function?.arguments).join('')).toBe('{"path":"b.ts"}');
    expect(received.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(received.at(-1)?.choices).toEqual([]);
    expect(received.at(-1)?.usage).toMatchObject({
      prompt_tokens: 150,
      completion_tokens: 25,
      prompt_tokens_details: { cached_tokens: 50 },
      completion_tokens_details: { reasoning_tokens: 5 },
    });
  });

  it('assembles the same calls through the SDK stream helper', async () => {
    server.enqueue({ toolCalls: [{ name: 'glob', arguments: { pattern: '**/*.ts' } }, { name: 'ls', arguments: {} }] });
    const completion = await client.chat.completions.stream(ask).finalChatCompletion();
    const message = completion.choices[0]?.message;
    expect(message?.tool_calls?.map((call) => (call.type === 'function' ? [call.function.name, call.function.arguments] : []))).toEqual([
      ['glob', '{"pattern":"**/*.ts"}'],
      ['ls', '{}'],
    ]);
  });

  it('omits usage without stream_options and streams thinking as reasoning_content', async () => {
    server.enqueue({ thinking: { text: 'hmm, let me see' }, text: 'done' });
    const received = await chunks();
    expect(received.every((chunk) => chunk.usage === undefined)).toBe(true);
    const reasoning = received.map((chunk) => (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '').join('');
    expect(reasoning).toBe('hmm, let me see');
  });

  it('answers a non-streaming request with content and tool calls', async () => {
    server.enqueue({ text: 'structured', toolCalls: [{ id: 'call_1', name: 'emit', arguments: { ok: true } }] });
    const completion = await client.chat.completions.create(ask);
    expect(completion.choices[0]?.message).toMatchObject({
      content: 'structured',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'emit', arguments: '{"ok":true}' } }],
    });
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('fails with 429 and Retry-After, and with 500, in the OpenAI error shape', async () => {
    server.enqueue({ fault: { status: 429, retryAfter: '3' } }, { fault: { status: 500 } });
    const limited = (await client.chat.completions.create(ask).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.headers?.get('retry-after')).toBe('3');
    expect(limited.code).toBe('rate_limit_exceeded');
    const broken = await client.chat.completions.create(ask).catch((caught: unknown) => caught);
    expect(broken).toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('makes the SDK throw when the stream is cut or carries malformed JSON', async () => {
    server.enqueue({ text: 'a b c d e f g h i', fault: { kind: 'cut', afterEvents: 2 } });
    await expect(chunks()).rejects.toThrow();
    server.enqueue({ text: 'a b c d e f', fault: { kind: 'malformed', afterEvents: 2 } });
    await expect(chunks()).rejects.toThrow(/JSON/);
  });

  it('rejects a tool message that answers no call, with the API message', async () => {
    const error = (await client.chat.completions
      .create({ ...ask, messages: [{ role: 'user', content: 'go' }, { role: 'tool', tool_call_id: 'call_x', content: 'result' }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toContain("messages with role 'tool' must be a response to a preceeding message with 'tool_calls'");
  });

  it('rejects a missing key with 401, an unknown model with 404, and an overlong prompt as context_length_exceeded', async () => {
    await server.close();
    server = await startMockLlmServer({ models: ['gpt-5'] });
    const response = await fetch(`${server.baseUrls.openai}/chat/completions`, { method: 'POST', body: JSON.stringify({ ...ask, model: 'gpt-5' }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining("didn't provide an API key") } });
    const keyed = new OpenAI({ apiKey: 'test', baseURL: server.baseUrls.openai, maxRetries: 0 });
    const unknown = (await keyed.chat.completions.create(ask).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown.code).toBe('model_not_found');
    server.setContextWindow(10);
    const overflow = (await keyed.chat.completions
      .create({ ...ask, model: 'gpt-5', messages: [{ role: 'user', content: 'long '.repeat(100) }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(overflow.status).toBe(400);
    expect(overflow.code).toBe('context_length_exceeded');
  });

  it('lists models', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    expect(models).toContain('gpt-4.1');
    expect(server.requests[0]?.family).toBe('openai-chat');
  });
});
