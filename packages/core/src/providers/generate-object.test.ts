import { startMockLlmServer, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateObject } from './generate-object.js';
import { ProviderManager } from './manager.js';

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => mock.close());

const schema = z.object({ folder: z.string(), files: z.array(z.string()).min(1) });
const history = [{ speaker: 'human' as const, blocks: [{ type: 'text' as const, text: 'plan a project' }] }];

describe('generateObject', () => {
  for (const [name, model] of [['anthropic', 'claude-sonnet-4-6'], ['openai', 'gpt-5'], ['openai-responses', 'gpt-5'], ['gemini', 'gemini-2.5-pro']] as const) {
    const providers = (): ProviderManager =>
      new ProviderManager({
        provider: name,
        model,
        retry: { maxAttempts: 1 },
        env: { ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k', GEMINI_API_KEY: 'k', ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, OPENAI_BASE_URL: mock.baseUrls.openai, GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini },
        providers: { 'openai-responses': { api: 'openai-responses', apiKey: 'k', baseUrl: mock.baseUrls.openai } },
      });

    it(`${name}: forces the schema tool and returns the validated object`, async () => {
      mock.reset();
      mock.enqueue({ toolCalls: [{ name: 'respond', arguments: { folder: 'app', files: ['index.ts'] } }] });
      const stream = { stream: (request: Parameters<ProviderManager['stream']>[0], signal: AbortSignal) => providers().stream(request, signal) };
      await expect(generateObject(stream, { schema, model, history }, new AbortController().signal)).resolves.toEqual({ folder: 'app', files: ['index.ts'] });
      expect(JSON.stringify(mock.requests[0]?.body)).toContain('respond');
    });

    it(`${name}: lists what did not fit the schema`, async () => {
      mock.reset();
      mock.enqueue({ toolCalls: [{ name: 'respond', arguments: { folder: 3, files: [] } }] });
      const stream = { stream: (request: Parameters<ProviderManager['stream']>[0], signal: AbortSignal) => providers().stream(request, signal) };
      await expect(generateObject(stream, { schema, model, history }, new AbortController().signal)).rejects.toThrow(/folder: .*; files: /);
    });
  }
});
