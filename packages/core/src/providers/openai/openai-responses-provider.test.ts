import path from 'node:path';
import { providerStreamsDir, startMockLlmServer, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IContent, ToolCallBlock } from '../../content/content.js';
import { ProviderManager } from '../manager.js';
import type { StreamEvent } from '../stream-event.js';
import { OpenAiResponsesProvider } from './openai-responses-provider.js';

const KEY = 'sk-test-responses-0123456789abcdef';
const RECORDED = path.join(providerStreamsDir(), 'openai-responses');
const TOOLS = [{ name: 'read_file', description: 'read', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
const ask: IContent[] = [{ speaker: 'human', blocks: [{ type: 'text', text: 'hello' }] }];

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => mock.close());
beforeEach(() => mock.reset());

function provider(): OpenAiResponsesProvider {
  return new OpenAiResponsesProvider({ apiKey: KEY, baseUrl: mock.baseUrls.openai });
}

async function finish(iterable: AsyncIterable<StreamEvent>): Promise<StreamEvent<'finish'>> {
  let last: StreamEvent | undefined;
  for await (const event of iterable) last = event;
  if (last?.type !== 'finish') throw new Error('no finish');
  return last;
}

describe('OpenAiResponsesProvider through the openai SDK against the mock', () => {
  it('streams reasoning, text and parallel calls, then sends the encrypted reasoning and call outputs back', async () => {
    mock.enqueue(
      { thinking: { text: 'Two files.', signature: 'enc-opaque-1' }, text: 'Reading.', toolCalls: [{ name: 'read_file', arguments: { path: 'a' }, chunks: 4 }, { name: 'read_file', arguments: { path: 'b' } }], usage: { input: 80, output: 30, cachedRead: 20, thinking: 10 } },
      { text: 'done' },
    );
    const request = { model: 'gpt-5', history: ask, tools: TOOLS, systemPrompt: 'be brief', settings: { thinking: { enabled: true, effort: 'low' as const } } };
    const first = await finish(provider().stream(request, new AbortController().signal));
    expect(first.content.blocks).toMatchObject([
      { type: 'thinking', text: 'Two files.', opaque: { api: 'openai-responses', encryptedContent: 'enc-opaque-1' } },
      { type: 'text', text: 'Reading.' },
      { type: 'tool_call', name: 'read_file', parameters: { path: 'a' } },
      { type: 'tool_call', name: 'read_file', parameters: { path: 'b' } },
    ]);
    expect(first.usage).toEqual({ inputTokens: 100, outputTokens: 40, cacheReadTokens: 20, thinkingTokens: 10 });
    expect(mock.requests[0]?.body).toMatchObject({ store: false, include: ['reasoning.encrypted_content'], instructions: 'be brief', reasoning: { effort: 'low', summary: 'auto' }, stream: true });

    const calls = first.content.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
    const history: IContent[] = [...ask, first.content, { speaker: 'tool', blocks: calls.map((call) => ({ type: 'tool_response' as const, callId: call.id, toolName: call.name, result: 'ok' })) }];
    await expect(finish(provider().stream({ ...request, history }, new AbortController().signal))).resolves.toMatchObject({ reason: { unified: 'stop' } });
    const input = mock.requests[1]?.body.input;
    expect(input.map((item: { type: string }) => item.type)).toEqual(['message', 'reasoning', 'message', 'function_call', 'function_call', 'function_call_output', 'function_call_output']);
    expect(input[1]).toEqual({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Two files.' }], encrypted_content: 'enc-opaque-1' });
    expect(input[5].call_id).toBe(input[3].call_id);
  });

  it('classifies a streamed quota error as quota (the SDK throws it before our parser sees it)', async () => {
    mock.enqueue({ replay: path.join(RECORDED, 'error-then-failed.chunks.txt') });
    await expect(finish(provider().stream({ model: 'gpt-5', history: ask }, new AbortController().signal))).rejects.toMatchObject({ kind: 'quota', retryable: false });
  });

  it('classifies response.failed (no error event) as a rate limit', async () => {
    mock.enqueue({ replay: path.join(RECORDED, 'response-failed-only.chunks.txt') });
    await expect(finish(provider().stream({ model: 'gpt-5', history: ask }, new AbortController().signal))).rejects.toMatchObject({ kind: 'rate_limit', retryable: true });
  });

  it('round-trips a custom tool call as custom_tool_call and custom_tool_call_output', async () => {
    mock.enqueue({ replay: path.join(RECORDED, 'custom-tool-call.chunks.txt') }, { text: 'ok' });
    const first = await finish(provider().stream({ model: 'gpt-5', history: ask }, new AbortController().signal));
    const call = first.content.blocks.find((block): block is ToolCallBlock => block.type === 'tool_call');
    if (!call) throw new Error('no call');
    const history: IContent[] = [...ask, first.content, { speaker: 'tool', blocks: [{ type: 'tool_response', callId: call.id, toolName: call.name, result: '3 rows' }] }];
    await finish(provider().stream({ model: 'gpt-5', history }, new AbortController().signal));
    expect(mock.requests[1]?.body.input.slice(1)).toEqual([
      { type: 'custom_tool_call', call_id: 'call_custom_sql_001', name: 'write_sql', input: 'SELECT * FROM users WHERE age > 25' },
      { type: 'custom_tool_call_output', call_id: 'call_custom_sql_001', output: '3 rows' },
    ]);
  });
});

describe('choosing the Responses API from settings', () => {
  const env = { OPENAI_API_KEY: KEY };

  it('providers.openai.api = openai-responses sends the built-in openai provider to /v1/responses', async () => {
    const manager = new ProviderManager({ provider: 'openai', model: 'gpt-5', env, providers: { openai: { api: 'openai-responses', baseUrl: mock.baseUrls.openai } } });
    mock.enqueue({ text: 'via responses' });
    await expect(finish(manager.stream({ history: ask }, new AbortController().signal))).resolves.toMatchObject({ content: { blocks: [{ type: 'text', text: 'via responses' }] } });
    expect((await manager.provider()).api).toBe('openai-responses');
    expect(mock.requests.map((request) => [request.family, request.path])).toEqual([['openai-responses', '/v1/responses']]);
  });

  it('a custom provider name with api openai-responses uses it too, and plain openai stays on Chat Completions', async () => {
    const manager = new ProviderManager({ provider: 'gateway', model: 'gpt-5', env: {}, providers: { gateway: { api: 'openai-responses', apiKey: KEY, baseUrl: mock.baseUrls.openai } } });
    mock.enqueue({ text: 'a' }, { text: 'b' });
    await finish(manager.stream({ history: ask }, new AbortController().signal));
    manager.setProvider('openai', 'gpt-5');
    manager.setBaseUrl(mock.baseUrls.openai);
    manager.setEphemeralKey(KEY);
    await finish(manager.stream({ history: ask }, new AbortController().signal));
    expect(mock.requests.map((request) => request.family)).toEqual(['openai-responses', 'openai-chat']);
  });
});
