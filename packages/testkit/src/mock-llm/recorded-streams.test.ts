import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerStreamsDir } from './provider-streams-dir.js';
import { startMockLlmServer } from './server.js';
import type { Family, MockLlmServer } from './types.js';

const root = providerStreamsDir();

/** The three streams that end, by design, in the SDK's APIError (see the fixtures' README). */
const ENDS_IN_API_ERROR = new Set([
  'openai-chat/error-mid-stream.chunks.txt',
  'openai-responses/error-then-failed.chunks.txt',
  'openai-responses/error-null-code.chunks.txt',
]);

function filesOf(family: Family): string[] {
  return readdirSync(path.join(root, family))
    .filter((name) => name.endsWith('.chunks.txt'))
    .sort();
}

/** The payloads of a file, as JSON (SSE-framed files included). */
function payloads(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => (line.startsWith('data:') ? line.slice(5) : line).trim())
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(async () => {
  await server.close();
});

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe('every recorded provider stream replays through its official SDK', () => {
  it('finds all 41 recordings beside the checkout', () => {
    const count = (['anthropic', 'openai-chat', 'openai-responses', 'gemini'] as const).reduce((sum, family) => sum + filesOf(family).length, 0);
    expect(count).toBe(41);
  });

  describe.each(filesOf('anthropic'))('anthropic/%s', (name) => {
    const file = path.join(root, 'anthropic', name);
    const client = () => new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const ask = { model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user' as const, content: 'go' }] };

    it('yields every event but the pings the SDK swallows', async () => {
      server.enqueue({ replay: file });
      const events = await collect(await client().messages.create({ ...ask, stream: true }));
      expect(events.map((event) => event.type)).toEqual(payloads(file).map((payload) => payload.type).filter((type) => type !== 'ping'));
    });

    it('assembles a final message with the recorded stop reason', async () => {
      server.enqueue({ replay: file });
      const final = client().messages.stream(ask).finalMessage();
      if (name === 'duplicate-message-start.chunks.txt') {
        await expect(final).rejects.toThrow(/Unexpected event order/);
        return;
      }
      const delta = payloads(file).find((payload) => payload.type === 'message_delta') as { delta: { stop_reason: string } };
      expect((await final).stop_reason).toBe(delta.delta.stop_reason);
    });
  });

  it.each(filesOf('openai-chat'))('openai-chat/%s', async (name) => {
    const file = path.join(root, 'openai-chat', name);
    const client = new OpenAI({ apiKey: 'test', baseURL: server.baseUrls.openai, maxRetries: 0 });
    server.enqueue({ replay: file });
    const stream = client.chat.completions.create({ model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'go' }] });
    const chunks = collect(await stream);
    if (ENDS_IN_API_ERROR.has(`openai-chat/${name}`)) {
      await expect(chunks).rejects.toBeInstanceOf(OpenAI.APIError);
      return;
    }
    expect(await chunks).toEqual(payloads(file));
  });

  it.each(filesOf('openai-responses'))('openai-responses/%s', async (name) => {
    const file = path.join(root, 'openai-responses', name);
    const client = new OpenAI({ apiKey: 'test', baseURL: server.baseUrls.openai, maxRetries: 0 });
    server.enqueue({ replay: file });
    const events = collect(await client.responses.create({ model: 'gpt-5', input: 'go', stream: true }));
    if (ENDS_IN_API_ERROR.has(`openai-responses/${name}`)) {
      await expect(events).rejects.toBeInstanceOf(OpenAI.APIError);
      return;
    }
    expect((await events).map((event) => event.type)).toEqual(payloads(file).map((payload) => payload.type));
  });

  it.each(filesOf('gemini'))('gemini/%s', async (name) => {
    const file = path.join(root, 'gemini', name);
    const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } });
    server.enqueue({ replay: file });
    const chunks = await collect(await client.models.generateContentStream({ model: 'gemini-2.5-pro', contents: 'go' }));
    const recorded = payloads(file);
    expect(chunks.length).toBe(recorded.length);
    expect(chunks.map((chunk) => chunk.usageMetadata?.totalTokenCount)).toEqual(
      recorded.map((payload) => (payload.usageMetadata as { totalTokenCount?: number } | undefined)?.totalTokenCount),
    );
  });
});
