import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMockLlmServer, tempWorkspace, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events.js';
import { validateContent } from '../content/validate-content.js';
import { createRuntime } from './create-runtime.js';

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => {
  await mock.close();
});

const PROVIDERS = [
  { provider: 'anthropic', model: 'claude-sonnet-4-6' },
  { provider: 'openai', model: 'gpt-4.1' },
  { provider: 'gemini', model: 'gemini-2.5-pro' },
] as const;

async function runtimeFor(root: string, alfredHome: string, provider: string, model: string, settings: object = {}) {
  await mkdir(alfredHome, { recursive: true });
  await writeFile(path.join(alfredHome, 'settings.json'), JSON.stringify(settings));
  mock.reset();
  return createRuntime({
    cwd: root,
    interactive: true,
    trusted: true,
    provider,
    model,
    systemDir: path.join(alfredHome, 'no-system'),
    env: {
      HOME: path.dirname(alfredHome),
      ALFRED_HOME: alfredHome,
      ANTHROPIC_API_KEY: 'k',
      ANTHROPIC_BASE_URL: mock.baseUrls.anthropic,
      OPENAI_API_KEY: 'k',
      OPENAI_BASE_URL: mock.baseUrls.openai,
      GEMINI_API_KEY: 'k',
      GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini,
      PATH: process.env['PATH'] ?? '',
    },
  });
}

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe.each(PROVIDERS)('the turn loop through $provider', ({ provider, model }) => {
  it('runs parallel read-only calls, returns failures and unknown tools to the model, and finishes', async () => {
    await using workspace = await tempWorkspace({ files: { 'a.txt': 'alpha', 'b.txt': 'beta' } });
    const runtime = await runtimeFor(workspace.root, workspace.alfredHome, provider, model);
    mock.enqueue(
      {
        toolCalls: [
          { name: 'read_file', arguments: { path: 'a.txt' }, chunks: 3 },
          { name: 'read_file', arguments: { path: 'b.txt' }, chunks: 2 },
          { name: 'read_file', arguments: { path: 'missing.txt' } },
          { name: 'no_such_tool', arguments: {} },
        ],
      },
      { text: 'alpha and beta; the third file does not exist.' },
    );
    const events = await collect(runtime.run('read them'));
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    const results = events.filter((event) => event.type === 'tool_result');
    expect(results.map((event) => event.status)).toEqual(['completed', 'completed', 'error', 'error']);
    const sent = JSON.stringify(mock.requests[1]!.body);
    expect(sent).toContain('alpha');
    expect(sent).toContain('beta');
    expect(sent).toMatch(/missing\.txt/);
    expect(sent).toContain('no_such_tool');
    expect(validateContent(runtime.session.history.list()).valid).toBe(true);
    await runtime.close();
  });

  it('answers a call whose arguments are not valid JSON with an error the model can act on', async () => {
    await using workspace = await tempWorkspace({ files: { 'a.txt': 'alpha' } });
    const runtime = await runtimeFor(workspace.root, workspace.alfredHome, provider, model);
    mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: '{"path": "a.txt"' }] }, { text: 'Let me fix that.' });
    const events = await collect(runtime.run('read a.txt'));
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ status: 'error' });
    expect(validateContent(runtime.session.history.list()).valid).toBe(true);
    await runtime.close();
  });

  it('makes a last request without tools at maxTurns, and stops a repeated call as a loop', async () => {
    await using workspace = await tempWorkspace({ files: { 'a.txt': 'alpha' } });
    const runtime = await runtimeFor(workspace.root, workspace.alfredHome, provider, model, { general: { maxTurns: 2 } });
    mock.enqueue(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] },
      { toolCalls: [{ name: 'ls', arguments: {} }] },
      { text: 'Summary: read a.txt and listed the folder.' },
    );
    const limited = await collect(runtime.run('explore'));
    expect(limited.some((event) => event.type === 'max_turns')).toBe(true);
    expect(limited.at(-1)).toEqual({ type: 'done', reason: 'max_turns' });
    const last = mock.requests.at(-1)!.body as { tools?: unknown[] };
    expect(last.tools ?? []).toHaveLength(0);
    await runtime.close();

    const looping = await runtimeFor(workspace.root, workspace.alfredHome, provider, model);
    mock.enqueue(...Array.from({ length: 5 }, () => ({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] })));
    const events = await collect(looping.run('loop'));
    expect(events.find((event) => event.type === 'loop_detected')).toMatchObject({ kind: 'repeated_call' });
    expect(validateContent(looping.session.history.list()).valid).toBe(true);
    mock.enqueue({ text: 'Fine.' });
    expect((await collect(looping.run('go on'))).at(-1)).toEqual({ type: 'done', reason: 'stop' });
    await looping.close();
  });
});
