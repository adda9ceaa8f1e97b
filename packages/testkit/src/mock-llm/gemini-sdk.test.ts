import { ApiError, GoogleGenAI } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer } from './server.js';
import type { MockLlmServer } from './types.js';

let server: MockLlmServer;
let client: GoogleGenAI;
beforeEach(async () => {
  server = await startMockLlmServer();
  client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.baseUrls.gemini } });
});
afterEach(async () => {
  await server.close();
});

const MODEL = 'gemini-2.5-pro';

async function streamed(contents: Parameters<GoogleGenAI['models']['generateContentStream']>[0]['contents'] = 'go', model = MODEL) {
  const chunks = [];
  for await (const chunk of await client.models.generateContentStream({ model, contents })) chunks.push(chunk);
  return chunks;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the mock speaks the Gemini stream that @google/genai parses', () => {
  it('streams thought parts, text in chunks, parallel function calls with the signature, and usage', async () => {
    server.enqueue({
      thinking: { text: 'Both files are needed.', signature: 'c2lnbmF0dXJl' },
      text: 'Reading them now.',
      toolCalls: [
        { id: 'fc-1', name: 'read_file', arguments: { path: 'a.ts' } },
        { name: 'read_file', arguments: { path: 'b.ts' } },
      ],
      usage: { input: 70, output: 12, cachedRead: 30, thinking: 9 },
    });
    const chunks = await streamed();
    const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
    expect(parts.filter((part) => part.thought).map((part) => part.text).join('')).toBe('Both files are needed.');
    expect(parts.filter((part) => !part.thought && part.text).map((part) => part.text).join('')).toBe('Reading them now.');
    const calls = parts.filter((part) => part.functionCall);
    expect(calls).toEqual([
      { functionCall: { id: 'fc-1', name: 'read_file', args: { path: 'a.ts' } }, thoughtSignature: 'c2lnbmF0dXJl' },
      { functionCall: { name: 'read_file', args: { path: 'b.ts' } } },
    ]);
    const last = chunks.at(-1);
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata).toMatchObject({ promptTokenCount: 100, candidatesTokenCount: 12, cachedContentTokenCount: 30, thoughtsTokenCount: 9 });
    expect(server.requests[0]?.headers['x-goog-api-key']).toBe('test');
  });

  it('reports MAX_TOKENS and answers non-streaming generateContent and countTokens', async () => {
    server.enqueue({ text: 'cut', stopReason: 'max_tokens' }, { text: 'whole answer' });
    expect((await streamed()).at(-1)?.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    const response = await client.models.generateContent({ model: MODEL, contents: 'go' });
    expect(response.text).toBe('whole answer');
    const counted = await client.models.countTokens({ model: MODEL, contents: 'x'.repeat(400) });
    expect(counted.totalTokens).toBeGreaterThan(100);
  });

  it('fails with 429 + Retry-After and 500 in Google error JSON, and throws on a cut or malformed stream', async () => {
    server.enqueue({ fault: { status: 429, retryAfter: '4' } }, { fault: { status: 500 } });
    const limited = await failure(streamed());
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.message)).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    expect((await failure(streamed())).status).toBe(500);
    expect(server.requests.length).toBe(2);
    server.enqueue({ text: 'a b c d e f g h i', fault: { kind: 'cut', afterEvents: 1 } });
    await expect(streamed()).rejects.toThrow();
    server.enqueue({ text: 'a b c d e f g h i', fault: { kind: 'malformed', afterEvents: 1 } });
    await expect(streamed()).rejects.toThrow();
  });

  it('lists models with their input limit, the context window when one is set', async () => {
    server.setContextWindow(32_000);
    const pager = await client.models.list();
    const models = [];
    for await (const model of pager) models.push(model);
    expect(models.map((model) => model.name)).toContain('models/gemini-2.5-pro');
    expect(models[0]?.inputTokenLimit).toBe(32_000);
  });

  it('rejects roles other than user/model and a function response without its call', async () => {
    const badRole = await failure(streamed([{ role: 'assistant', parts: [{ text: 'hi' }] }]));
    expect(badRole.status).toBe(400);
    expect(JSON.parse(badRole.message)).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: 'Please use a valid role: user, model.' } });
    const orphan = await failure(
      streamed([
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ text: 'ok' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { output: 'x' } } }] },
      ]),
    );
    expect(orphan.message).toContain('function response turn comes immediately after a function call turn');
  });

  it('rejects a Gemini 3 function call sent back without its thought signature', async () => {
    const error = await failure(
      streamed(
        [
          { role: 'user', parts: [{ text: 'go' }] },
          { role: 'model', parts: [{ functionCall: { name: 'ls', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { output: 'x' } } }] },
        ],
        'gemini-3-pro-preview',
      ),
    );
    expect(error.message).toContain('Function call is missing a thought_signature');
  });

  it('rejects a request without a key with 403 PERMISSION_DENIED, as the Gemini API does', async () => {
    const response = await fetch(`${server.url}/v1beta/models/${MODEL}:generateContent`, { method: 'POST', body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }] }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
  });

  it('answers an unknown model with 404 NOT_FOUND when the server was given its models', async () => {
    await server.close();
    server = await startMockLlmServer({ models: ['gemini-2.5-flash'] });
    client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.baseUrls.gemini } });
    const error = await failure(streamed());
    expect(error.status).toBe(404);
    expect(JSON.parse(error.message)).toMatchObject({ error: { status: 'NOT_FOUND', message: expect.stringContaining(`models/${MODEL} is not found`) } });
  });
});
