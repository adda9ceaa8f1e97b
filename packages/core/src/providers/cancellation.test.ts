import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startMockLlmServer, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IContent } from '../content/content.js';
import { AnthropicProvider } from './anthropic/anthropic-provider.js';
import { GeminiProvider } from './gemini/gemini-provider.js';
import { OpenAiChatProvider } from './openai/openai-chat-provider.js';
import { OpenAiResponsesProvider } from './openai/openai-responses-provider.js';
import type { Provider } from './provider.js';

/**
 * A TCP pass-through in front of the mock. When the client (the SDK) closes its connection, the
 * proxy half-closes its own connection to the mock; `mockClosed` resolves when the mock, having seen
 * that, closes its side. So it proves the mock saw the HTTP stream end, not only that we dropped it.
 */
interface Connection {
  mockClosed: Promise<void>;
}

interface ConnectionWatch {
  port: number;
  connections: Connection[];
  close(): Promise<void>;
}

async function watchConnections(targetPort: number): Promise<ConnectionWatch> {
  const connections: Connection[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    connections.push({ mockClosed: new Promise((resolve) => upstream.once('close', () => resolve())) });
    client.pipe(upstream).on('error', () => undefined);
    upstream.pipe(client).on('error', () => undefined);
    client.on('error', () => undefined).once('close', () => upstream.end());
    upstream.on('error', () => undefined).once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => mock.close());
beforeEach(() => mock.reset());

const ask: IContent[] = [{ speaker: 'human', blocks: [{ type: 'text', text: 'hello' }] }];

/** Each provider, and how many of its family's events come up to and including the first text. */
const CASES: { name: string; model: string; eventsToFirstText: number; create: (origin: string) => Provider }[] = [
  { name: 'openai (chat)', model: 'gpt-5', eventsToFirstText: 2, create: (origin) => new OpenAiChatProvider({ apiKey: 'k', baseUrl: `${origin}/v1` }) },
  { name: 'openai (responses)', model: 'gpt-5', eventsToFirstText: 5, create: (origin) => new OpenAiResponsesProvider({ apiKey: 'k', baseUrl: `${origin}/v1` }) },
  { name: 'gemini', model: 'gemini-2.5-pro', eventsToFirstText: 1, create: (origin) => new GeminiProvider({ apiKey: 'k', baseUrl: origin }) },
  { name: 'anthropic', model: 'claude-sonnet-4-6', eventsToFirstText: 4, create: (origin) => new AnthropicProvider({ apiKey: 'k', baseUrl: origin }) },
];

describe('cancelling mid-stream', () => {
  for (const { name, model, eventsToFirstText, create } of CASES) {
    it(`${name}: closes the HTTP stream the mock is holding open and throws cancelled at once`, async () => {
      // The mock sends the first text, then holds the stream open until the connection closes:
      // the provider can only finish by giving up the connection, never by waiting for more.
      mock.enqueue({ text: ['one ', 'two ', 'three'], fault: { kind: 'stall', afterEvents: eventsToFirstText } });
      const controller = new AbortController();
      const seen: string[] = [];
      // A proxy per test, so no SDK reuses a pooled connection from another test.
      const watch = await watchConnections(Number(new URL(mock.url).port));
      const run = (async () => {
        for await (const event of create(`http://127.0.0.1:${watch.port}`).stream({ model, history: ask }, controller.signal)) {
          if (event.type === 'text_delta') {
            seen.push(event.text);
            controller.abort();
          }
        }
      })();
      await expect(run).rejects.toMatchObject({ name: 'ProviderError', kind: 'cancelled', retryable: false });
      expect(seen).toEqual(['one ']);
      expect(watch.connections).toHaveLength(1);
      await watch.connections[0]?.mockClosed;
      expect(mock.requests).toHaveLength(1);
      await watch.close();
    });
  }
});
