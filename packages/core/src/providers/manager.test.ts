import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMockLlmServer, tempWorkspace, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IContent } from '../content/content.js';
import { resolveApiKey } from './auth.js';
import { parseRetryAfter } from './classify-error.js';
import { ProviderManager, type ProviderManagerOptions } from './manager.js';
import { lookupModelLimits } from './model-catalog.js';
import { retryDelay, DEFAULT_RETRY_POLICY, abortableSleep } from './retry.js';
import { ProviderError } from './provider-error.js';
import type { StreamEvent } from './stream-event.js';

const KEY = 'sk-test-SECRET-abcdefghijklmnop';
let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => mock.close());
beforeEach(() => mock.reset());

const ask: IContent[] = [{ speaker: 'human', blocks: [{ type: 'text', text: 'hello' }] }];

/** `openai-responses` is a custom provider name speaking that API (settings `api`). */
function manager(provider: 'anthropic' | 'openai' | 'openai-responses' | 'gemini', extra: Partial<ProviderManagerOptions> = {}): ProviderManager {
  return new ProviderManager({
    provider,
    env: { ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: KEY, GEMINI_API_KEY: KEY, ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, OPENAI_BASE_URL: mock.baseUrls.openai, GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini },
    providers: { 'openai-responses': { api: 'openai-responses', apiKey: KEY, baseUrl: mock.baseUrls.openai } },
    retry: { baseDelayMs: 1, maxDelayMs: 5, jitter: 0 },
    ...extra,
  });
}

async function collect(iterable: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('ProviderManager through the real SDKs', () => {
  for (const name of ['anthropic', 'openai', 'openai-responses', 'gemini'] as const) {
    it(`${name}: retries a 429 after the Retry-After it was given, then answers`, async () => {
      mock.enqueue({ fault: { status: 429, retryAfter: '0.05' } }, { text: 'recovered' });
      const events = await collect(manager(name, { retry: { baseDelayMs: 5000, jitter: 0 } }).stream({ history: ask }, new AbortController().signal));
      const retry = events.find((event) => event.type === 'retry');
      expect(retry).toMatchObject({ attempt: 2, delayMs: 50, error: { kind: 'rate_limit', status: 429 } });
      expect(events.at(-1)).toMatchObject({ type: 'finish', content: { blocks: [{ type: 'text', text: 'recovered' }] } });
    });

    it(`${name}: retries 5xx and gives up after the attempt limit with a server error`, async () => {
      mock.enqueue(...Array.from({ length: 3 }, () => ({ fault: { status: 503 } })));
      const events: StreamEvent[] = [];
      const failure = await (async () => {
        for await (const event of manager(name, { retry: { maxAttempts: 3, baseDelayMs: 1, jitter: 0 } }).stream({ history: ask }, new AbortController().signal)) events.push(event);
      })().catch((error: unknown) => error);
      expect(events.filter((event) => event.type === 'retry')).toHaveLength(2);
      expect(failure).toMatchObject({ kind: 'server', status: 503 });
    });

    it(`${name}: a 400 is not retried, and the key is in no error or event`, async () => {
      mock.enqueue({ fault: { status: 400, body: { error: { message: `bad thing with key ${KEY}` } } } });
      const events: StreamEvent[] = [];
      const failure = await (async () => {
        for await (const event of manager(name).stream({ history: ask }, new AbortController().signal)) events.push(event);
      })().catch((error: unknown) => error as ProviderError);
      expect(failure).toMatchObject({ kind: 'bad_request', retryable: false });
      expect(`${(failure as Error).message} ${JSON.stringify(failure)} ${JSON.stringify(events)}`).not.toContain(KEY);
    });

    it(`${name}: a stream cut mid-event ends in an error and never a half tool call`, async () => {
      // Gemini sends a call whole in one event, so its cut falls inside that event.
      mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'some/long/path.ts' }, chunks: 6 }], fault: { kind: 'cut', afterEvents: name === 'gemini' ? 0 : 3 } });
      const events: StreamEvent[] = [];
      const failure = await (async () => {
        for await (const event of manager(name, { retry: { maxAttempts: 1 } }).stream({ history: ask }, new AbortController().signal)) events.push(event);
      })().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(events.some((event) => event.type === 'tool_call_end' || event.type === 'finish')).toBe(false);
    });
  }

  it('reports context overflow as its own kind', async () => {
    mock.setContextWindow(5);
    const failure = await collect(manager('anthropic').stream({ history: [{ speaker: 'human', blocks: [{ type: 'text', text: 'a long prompt '.repeat(50) }] }] }, new AbortController().signal)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'context_overflow', retryable: false });
  });

  it('switches to the fallback model after repeated quota errors', async () => {
    const quota = { status: 429, body: { error: { type: 'insufficient_quota', code: 'insufficient_quota', message: 'You exceeded your current quota, please check your plan and billing details.' } } };
    mock.enqueue({ fault: quota }, { fault: quota }, { text: 'from the fallback' });
    const providers = manager('openai', { model: 'gpt-5', fallbackModel: 'gpt-4.1' });
    const events = await collect(providers.stream({ history: ask }, new AbortController().signal));
    expect(events.find((event) => event.type === 'error')).toMatchObject({ recoverable: true, error: { kind: 'quota', message: expect.stringContaining('gpt-4.1') } });
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
    expect(mock.requests.map((request) => request.body.model)).toEqual(['gpt-5', 'gpt-5', 'gpt-4.1']);
    expect(providers.activeModel).toBe('gpt-4.1');
  });

  it('uses the /key and /baseurl values over settings and environment', async () => {
    const providers = manager('openai', { env: {} });
    await expect(providers.keySource()).resolves.toBeUndefined();
    providers.setEphemeralKey('sk-ephemeral-0123456789abcdef');
    providers.setBaseUrl(mock.baseUrls.openai);
    mock.enqueue({ text: 'ok' });
    await collect(providers.stream({ history: ask }, new AbortController().signal));
    expect(mock.requests[0]?.headers.authorization).toBe('Bearer sk-ephemeral-0123456789abcdef');
    await expect(providers.keySource()).resolves.toBe('ephemeral');
    expect(() => providers.setBaseUrl('ftp://x')).toThrow(/not an http/);
    expect(() => providers.setProvider('nope')).toThrow(/unknown provider "nope"/);
  });

  it('lists models with limits from the API (Gemini) or the built-in table', async () => {
    const gemini = await manager('gemini').listModels(new AbortController().signal);
    expect(gemini.find((model) => model.id === 'gemini-2.5-pro')).toMatchObject({ contextWindow: 1_048_576, maxOutputTokens: 65_536 });
    const claude = await manager('anthropic').listModels(new AbortController().signal);
    expect(claude.find((model) => model.id === 'claude-sonnet-4-6')).toMatchObject({ contextWindow: 200_000 });
  });

  it('abandons a stalled stream with an idle timeout', async () => {
    mock.enqueue({ text: 'a b c d', fault: { kind: 'stall', afterEvents: 2 } });
    const failure = await collect(manager('anthropic', { idleTimeoutMs: 200, retry: { maxAttempts: 1 } }).stream({ history: ask }, new AbortController().signal)).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'idle_timeout' });
  });
});

describe('auth resolution', () => {
  it('prefers ephemeral, then settings, then the key file, then the environment, then the key store', async () => {
    await using workspace = await tempWorkspace({ files: { 'key.txt': 'sk-from-file\n' } });
    const keyFile = path.join(workspace.root, 'key.txt');
    const store = { get: async (name: string) => (name === 'gemini' ? 'from-store' : undefined) };
    await expect(resolveApiKey({ provider: 'openai', ephemeral: 'e', settings: { apiKey: 's' }, env: { OPENAI_API_KEY: 'v' } })).resolves.toEqual({ apiKey: 'e', source: 'ephemeral' });
    await expect(resolveApiKey({ provider: 'openai', settings: { apiKey: 's', apiKeyFile: keyFile } })).resolves.toEqual({ apiKey: 's', source: 'settings' });
    await expect(resolveApiKey({ provider: 'openai', settings: { apiKeyFile: keyFile }, env: { OPENAI_API_KEY: 'v' } })).resolves.toEqual({ apiKey: 'sk-from-file', source: 'key_file' });
    await expect(resolveApiKey({ provider: 'gemini', env: { GOOGLE_API_KEY: 'g' } })).resolves.toEqual({ apiKey: 'g', source: 'environment' });
    await expect(resolveApiKey({ provider: 'gemini', env: {}, keyStore: store })).resolves.toEqual({ apiKey: 'from-store', source: 'key_store' });
    await writeFile(keyFile, '');
    await expect(resolveApiKey({ provider: 'openai', settings: { apiKeyFile: keyFile } })).rejects.toThrow(/apiKeyFile .*key.txt could not be read/);
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter({ 'retry-after': '3' }, now)).toBe(3000);
    expect(parseRetryAfter({ 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' }, now)).toBe(10_000);
    expect(parseRetryAfter({ 'retry-after-ms': '250' }, now)).toBe(250);
  });

  it('backs off exponentially with jitter and refuses to wait past the cap', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, random: () => 1 };
    const error = new ProviderError({ kind: 'server', message: 'x' });
    expect(retryDelay(error, 1, policy)).toBe(1200);
    expect(retryDelay(error, 3, policy)).toBe(4800);
    const tooLong = retryDelay(new ProviderError({ kind: 'rate_limit', message: '429', retryAfterMs: 3_600_000 }), 1, policy);
    expect(tooLong).toBeInstanceOf(ProviderError);
    expect((tooLong as ProviderError).message).toMatch(/retry after 60 min/);
  });

  it('ends a retry wait at once when cancelled', async () => {
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('knows the limits of dated model snapshots', () => {
    expect(lookupModelLimits('claude-sonnet-4-5-20250929')).toEqual({ contextWindow: 200_000, maxOutputTokens: 64_000 });
    expect(lookupModelLimits('totally-unknown')).toBeUndefined();
  });
});
