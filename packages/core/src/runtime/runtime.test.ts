import { existsSync } from 'node:fs';
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

async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

async function runtimeIn(root: string, alfredHome: string, options: { interactive?: boolean; provider?: string; trusted?: boolean } = {}) {
  mock.reset();
  return createRuntime({
    cwd: root,
    interactive: options.interactive ?? true,
    trusted: options.trusted ?? true,
    provider: options.provider ?? 'anthropic',
    systemDir: path.join(alfredHome, 'no-system'),
    env: {
      HOME: path.dirname(alfredHome),
      ALFRED_HOME: alfredHome,
      ANTHROPIC_API_KEY: 'sk-ant-test-key',
      ANTHROPIC_BASE_URL: mock.baseUrls.anthropic,
      OPENAI_API_KEY: 'sk-openai-test',
      OPENAI_BASE_URL: mock.baseUrls.openai,
      GEMINI_API_KEY: 'gemini-test',
      GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini,
      PATH: process.env['PATH'] ?? '',
    },
  });
}

describe('the assembled runtime against the mock provider', () => {
  it('attaches @files, runs a read tool through the policy, and answers, through the real SDK', async () => {
    await using workspace = await tempWorkspace({ files: { 'src/a.ts': 'export const answer = 42;\n', 'ALFRED.md': 'Always be brief.' } });
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome);
    mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'src/a.ts' }, chunks: 3 }] }, { text: 'It exports `answer`, which is 42.' });
    const events = await collect(runtime.run('what is in @src/a.ts?'));
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ status: 'completed' });
    const [first, second] = mock.requests;
    expect(JSON.stringify(first!.body)).toContain('export const answer = 42;');
    expect(JSON.stringify(first!.body.system)).toContain('Always be brief.');
    expect(JSON.stringify(second!.body.messages.at(-1))).toContain('tool_result');
    expect(validateContent(runtime.session.history.list()).valid).toBe(true);
  });

  it('denies a shell call headless, tells the model why, and creates nothing', async () => {
    await using workspace = await tempWorkspace();
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome, { interactive: false });
    mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: 'touch created.txt' } }] }, { text: 'I could not run it.' });
    const events = await collect(runtime.run('create a file'));
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    expect(existsSync(workspace.path('created.txt'))).toBe(false);
    expect(JSON.stringify(mock.requests[1]!.body.messages.at(-1))).toMatch(/headless|approval|denied/i);
  });

  it('asks before a write in default mode and applies it once approved', async () => {
    await using workspace = await tempWorkspace();
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome);
    mock.enqueue({ toolCalls: [{ name: 'write_file', arguments: { path: 'notes.md', content: 'hello\n' } }] }, { text: 'Written.' });
    const events: AgentEvent[] = [];
    for await (const event of runtime.run('write notes')) {
      events.push(event);
      if (event.type === 'tool_confirmation_request') {
        expect(event.view).toMatchObject({ type: 'edit', isNewFile: true });
        runtime.respond(event.callId, { kind: 'proceed_once' });
      }
    }
    expect(existsSync(workspace.path('notes.md'))).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
  });

  it('runs !commands in shell mode and sends their output with the next prompt', async () => {
    await using workspace = await tempWorkspace();
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome);
    const shell = await collect(runtime.run('!echo from-the-shell'));
    expect(shell.find((event) => event.type === 'tool_result')).toMatchObject({ status: 'completed' });
    mock.enqueue({ text: 'I see it.' });
    await collect(runtime.run('what did it print?'));
    expect(JSON.stringify(mock.requests[0]!.body.messages)).toContain('from-the-shell');
  });

  it('runs custom commands from .alfred/commands only in a trusted folder, and core slash commands', async () => {
    await using workspace = await tempWorkspace({ files: { '.alfred/commands/explain.md': '---\ndescription: Explain a file\n---\nExplain $ARGUMENTS in one line.' } });
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome);
    expect(runtime.commands.complete('ex').map((command) => command.name)).toEqual(['explain']);
    mock.enqueue({ text: 'It is a file.' });
    await collect(runtime.run('/explain README.md'));
    expect(JSON.stringify(mock.requests[0]!.body.messages)).toContain('Explain README.md in one line.');
    const model = await collect(runtime.run('/model claude-sonnet-4-5'));
    expect(model[0]).toMatchObject({ type: 'notice', text: expect.stringContaining('claude-sonnet-4-5') });
    expect(runtime.info().model).toBe('claude-sonnet-4-5');
    const untrusted = await runtimeIn(workspace.root, workspace.alfredHome, { trusted: false });
    expect(untrusted.commands.get('explain')).toBeUndefined();
  });

  it('continues the same conversation after switching provider with /provider', async () => {
    await using workspace = await tempWorkspace({ files: { 'a.txt': 'alpha' } });
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome);
    mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }, { text: 'It says alpha.' });
    await collect(runtime.run('read a.txt'));
    await collect(runtime.run('/provider openai gpt-4.1'));
    mock.enqueue({ text: 'Still here.' });
    const events = await collect(runtime.run('and now?'));
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    const last = mock.requests.at(-1)!;
    expect(last.family).toBe('openai-chat');
    expect(JSON.stringify(last.body.messages)).toContain('alpha');
  });
});

describe('sessions in the runtime', () => {
  it('records the session, lists it, and a new runtime continues it with --continue', async () => {
    await using workspace = await tempWorkspace();
    const first = await runtimeIn(workspace.root, workspace.alfredHome);
    mock.enqueue({ text: 'The capital is Paris.' });
    await collect(first.run('what is the capital of France?'));
    await first.close();
    const second = await createRuntimeFor(workspace.root, workspace.alfredHome, { resume: 'latest' });
    expect(second.session.history.list().map((entry) => entry.speaker)).toEqual(['human', 'ai']);
    const listed = await collect(second.run('/chat list'));
    expect(listed[0]).toMatchObject({ type: 'notice', text: expect.stringContaining('what is the capital of France?') });
    mock.enqueue({ text: 'Lyon is second.' });
    await collect(second.run('and the second city?'));
    expect(JSON.stringify(mock.requests.at(-1)!.body.messages)).toContain('The capital is Paris.');
  });

  it('takes a checkpoint before a write and /restore puts the file and the conversation back', async () => {
    await using workspace = await tempWorkspace({ files: { 'app.txt': 'original\n' } });
    const runtime = await runtimeIn(workspace.root, workspace.alfredHome);
    mock.enqueue({ toolCalls: [{ name: 'write_file', arguments: { path: 'app.txt', content: 'changed\n' } }] }, { text: 'Done.' });
    for await (const event of runtime.run('change app.txt')) {
      if (event.type === 'tool_confirmation_request') runtime.respond(event.callId, { kind: 'proceed_once' });
    }
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(workspace.path('app.txt'), 'utf8')).toBe('changed\n');
    const listing = await collect(runtime.run('/restore'));
    const id = /^([0-9a-f]{8})/m.exec((listing[0] as { text: string }).text)![1]!;
    const restored = await collect(runtime.run(`/restore ${id}`));
    expect(restored[0]).toMatchObject({ type: 'notice', text: expect.stringContaining('restored app.txt') });
    expect(await readFile(workspace.path('app.txt'), 'utf8')).toBe('original\n');
    expect(runtime.session.history.list()).toHaveLength(0);
  });
});

async function createRuntimeFor(root: string, alfredHome: string, extra: { resume?: string }) {
  return createRuntime({
    cwd: root,
    interactive: true,
    trusted: true,
    provider: 'anthropic',
    systemDir: path.join(alfredHome, 'no-system'),
    ...extra,
    env: { HOME: path.dirname(alfredHome), ALFRED_HOME: alfredHome, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, PATH: process.env['PATH'] ?? '' },
  });
}
