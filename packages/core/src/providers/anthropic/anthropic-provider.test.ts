import { startMockLlmServer, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import type { StreamEvent } from '../stream-event.js';
import { AnthropicProvider } from './anthropic-provider.js';

const KEY = 'sk-ant-test-key-0123456789abcdef';
let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => mock.close());
beforeEach(() => mock.reset());

function provider(apiKey: string | undefined = KEY): AnthropicProvider {
  return new AnthropicProvider({ apiKey, baseUrl: mock.baseUrls.anthropic });
}

async function collect(iterable: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

const ask: IContent[] = [{ speaker: 'human', blocks: [{ type: 'text', text: 'hello' }] }];

describe('AnthropicProvider against the mock server', () => {
  it('streams text with thinking and a signature, and reports cache usage', async () => {
    mock.enqueue({ text: 'Hi there friend', thinking: { text: 'pondering', signature: 'sig-1' }, usage: { input: 10, output: 5, cachedRead: 100, cacheWrite: 7 } });
    const events = await collect(provider().stream({ model: 'claude-sonnet-4-6', history: ask, systemPrompt: 'be brief', settings: { thinking: { enabled: true } } }, new AbortController().signal));
    const finish = events.at(-1);
    expect(finish?.type).toBe('finish');
    if (finish?.type !== 'finish') return;
    expect(finish.content.blocks).toMatchObject([{ type: 'thinking', text: 'pondering', signature: 'sig-1' }, { type: 'text', text: 'Hi there friend' }]);
    expect(finish.usage).toMatchObject({ inputTokens: 117, cacheReadTokens: 100, cacheWriteTokens: 7 });
    const body = mock.requests[0]?.body;
    expect(body.system[0].cache_control).toEqual({ type: 'ephemeral' });
    expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
  });

  it('assembles parallel tool calls and sends them back as a valid continuation', async () => {
    mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.ts' }, chunks: 4 }, { name: 'ls', arguments: { dir: '.' } }] }, { text: 'done' });
    const tools = [{ name: 'read_file', description: 'read', parameters: { type: 'object', properties: { path: { type: 'string' } } } }, { name: 'ls', description: 'list', parameters: { type: 'object', properties: {} } }];
    const first = await collect(provider().stream({ model: 'claude-sonnet-4-6', history: ask, tools }, new AbortController().signal));
    const turn = first.at(-1);
    if (turn?.type !== 'finish') throw new Error('no finish');
    expect(turn.reason.unified).toBe('tool_calls');
    const calls = turn.content.blocks.filter((block) => block.type === 'tool_call');
    expect(calls.map((call) => call.parameters)).toEqual([{ path: 'a.ts' }, { dir: '.' }]);
    const history: IContent[] = [...ask, turn.content, {
      speaker: 'tool',
      blocks: calls.map((call) => ({ type: 'tool_response' as const, callId: call.id, toolName: call.name, result: 'ok' })),
    }];
    const second = await collect(provider().stream({ model: 'claude-sonnet-4-6', history, tools }, new AbortController().signal));
    expect(second.at(-1)).toMatchObject({ type: 'finish', reason: { unified: 'stop' } });
  });

  it('refuses to send without a key, saying where keys come from', async () => {
    await expect(collect(provider('').stream({ model: 'claude-sonnet-4-6', history: ask }, new AbortController().signal))).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringContaining('ANTHROPIC_API_KEY'),
    });
  });

  it('classifies a rejected key as auth, with the key nowhere in the error', async () => {
    mock.enqueue({ fault: { status: 401, body: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } } } });
    const error = await collect(provider().stream({ model: 'claude-sonnet-4-6', history: ask }, new AbortController().signal)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'auth', status: 401, retryable: false });
    expect(JSON.stringify({ message: (error as Error).message, error })).not.toContain(KEY);
    expect((error as Error).message).toContain('invalid x-api-key');
  });

  it('closes the HTTP stream when cancelled mid-answer', async () => {
    mock.enqueue({ text: ['one ', 'two ', 'three ', 'four'], delayMs: 200 });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of provider().stream({ model: 'claude-sonnet-4-6', history: ask }, controller.signal)) {
        if (event.type === 'text_delta') {
          seen.push(event.text);
          controller.abort();
        }
      }
    })();
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    expect(seen).toEqual(['one ']);
  });
});
