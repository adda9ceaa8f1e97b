import OpenAI from 'openai';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../fixtures/temp-workspace.js';
import { providerStreamsDir } from './provider-streams-dir.js';
import { loadScenarioFile } from './scenario.js';
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

async function post(route: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}${route}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function chatText(): Promise<string> {
  const completion = await client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'go' }] });
  return completion.choices[0]?.message.content ?? '';
}

async function rawChatBody(): Promise<string> {
  const response = await fetch(`${server.baseUrls.openai}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer test' },
    body: JSON.stringify({ model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'go' }] }),
  });
  return response.text();
}

describe('the mock server control endpoints', () => {
  it('replaces the queue with a scenario, appends with enqueue, lists requests and resets', async () => {
    server.enqueue({ text: 'dropped by the scenario' });
    expect(await post('/_mock/scenario', { name: 'demo', turns: [{ text: 'first' }] })).toEqual({ status: 200, json: { queued: 1 } });
    expect(await post('/_mock/enqueue', [{ text: 'second' }, { text: 'third' }])).toEqual({ status: 200, json: { queued: 3 } });
    expect([await chatText(), await chatText(), await chatText()]).toEqual(['first', 'second', 'third']);
    const requests = (await (await fetch(`${server.url}/_mock/requests`)).json()) as Array<{ family: string; body: { model: string } }>;
    expect(requests.map((request) => [request.family, request.body.model])).toEqual([
      ['openai-chat', 'gpt-4.1'],
      ['openai-chat', 'gpt-4.1'],
      ['openai-chat', 'gpt-4.1'],
    ]);
    await post('/_mock/reset', {});
    expect(server.requests).toEqual([]);
  });

  it('explains what is wrong with a bad scripted turn', async () => {
    const bad = await post('/_mock/enqueue', { text: 5 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/invalid turns: 0\.text/);
    const missing = await post('/_mock/enqueue', { replay: 'no/such/file.chunks.txt' });
    expect(JSON.stringify(missing.json)).toContain('replay file not found');
  });

  it('loads a scenario file whose replay paths are relative to it', async () => {
    await using workspace = await tempWorkspace({ files: {} });
    const target = path.join(providerStreamsDir(), 'openai-chat', 'text-then-tool-no-args.chunks.txt');
    await workspace.write({
      'scenarios/replay.json': JSON.stringify({ name: 'replay', turns: [{ replay: path.relative(workspace.path('scenarios'), target) }, { text: 'after' }] }),
    });
    const turns = await loadScenarioFile(workspace.path('scenarios/replay.json'));
    expect(turns[0]?.replay).toBe(target);
    server.enqueue(...turns);
    const body = await rawChatBody();
    expect(body).toContain('"PRE"');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('leaves out [DONE] when a turn says done: false', async () => {
    server.enqueue({ text: 'no terminator', done: false });
    const body = await rawChatBody();
    expect(body).toContain('"content":"no terminator"');
    expect(body).not.toContain('[DONE]');
  });

  it('rejects a replay on another family endpoint, and a non-streaming request for a replay, with 400', async () => {
    const anthropicFile = path.join(providerStreamsDir(), 'anthropic', 'text.chunks.txt');
    server.enqueue({ replay: anthropicFile }, { replay: path.join(providerStreamsDir(), 'openai-chat', 'text-then-tool-no-args.chunks.txt') });
    const wrongFamily = (await client.chat.completions
      .create({ model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'go' }] })
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(wrongFamily.status).toBe(400);
    expect(wrongFamily.message).toMatch(/recorded anthropic stream .* openai-chat endpoint/);
    const notStreaming = (await chatText().catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(notStreaming.status).toBe(400);
    expect(notStreaming.message).toContain('did not ask for streaming');
  });
});
