import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ALFRED_BUNDLE, startMockLlmServer, tempWorkspace, trustWorkspace, type MockLlmServer, type TempWorkspace } from '@alfred/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => {
  await mock.close();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function alfred(workspace: TempWorkspace, args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ALFRED_BUNDLE, ...args], {
      cwd: workspace.root,
      env: workspace.env({
        ANTHROPIC_API_KEY: 'sk-ant-secret-test-key',
        ANTHROPIC_BASE_URL: mock.baseUrls.anthropic,
        OPENAI_API_KEY: 'sk-openai-test',
        OPENAI_BASE_URL: mock.baseUrls.openai,
        GEMINI_API_KEY: 'gemini-test',
        GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini,
        ALFRED_SYSTEM_SETTINGS_DIR: `${workspace.alfredHome}/no-system`,
        ...options.env,
      }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(options.stdin ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function trusted(files: Record<string, string> = {}): Promise<TempWorkspace> {
  const workspace = await tempWorkspace({ files });
  await trustWorkspace(workspace);
  return workspace;
}

describe('alfred -p (headless)', () => {
  it.each([
    ['anthropic', []],
    ['openai', ['--provider', 'openai', '-m', 'gpt-4.1']],
    ['gemini', ['--provider', 'gemini', '-m', 'gemini-2.5-pro']],
  ])('prints the answer as text through %s, with piped stdin appended', async (_name, flags) => {
    await using workspace = await trusted();
    mock.reset();
    mock.enqueue({ text: ['The answer ', 'is 42.'] });
    const run = await alfred(workspace, ['-p', 'What is the answer?', ...flags], { stdin: 'Context from a pipe.' });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('The answer is 42.');
    expect(JSON.stringify(mock.requests[0]!.body)).toMatch(/What is the answer\?[\s\S]*Context from a pipe\./);
  });

  it('streams one JSON object per line and folds the same events into json', async () => {
    await using workspace = await trusted({ 'a.txt': 'alpha' });
    mock.reset();
    mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }, { text: 'It says alpha.' });
    const streamed = await alfred(workspace, ['-p', 'read a.txt', '-o', 'stream-json']);
    expect(streamed.code).toBe(0);
    const lines = streamed.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(lines[0]).toMatchObject({ type: 'init', provider: 'anthropic' });
    expect(lines.map((line) => line.type)).toEqual(expect.arrayContaining(['tool_call', 'tool_result', 'text_delta', 'usage']));
    expect(lines.at(-1)).toMatchObject({ type: 'done', reason: 'stop' });

    mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] }, { text: 'It says alpha.' });
    const folded = await alfred(workspace, ['-p', 'read a.txt', '-o', 'json']);
    const result = JSON.parse(folded.stdout) as { response: string; tool_calls: Array<{ name: string; status: string }>; usage: { requests: number } };
    expect(result.response).toBe('It says alpha.');
    expect(result.tool_calls).toMatchObject([{ name: 'read_file', status: 'completed' }]);
    expect(result.usage.requests).toBe(2);
  });

  it('denies what would ask, unless a rule allows it, and the model is told why', async () => {
    await using workspace = await trusted();
    mock.reset();
    mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: 'touch denied.txt' } }] }, { text: 'Could not.' });
    const denied = await alfred(workspace, ['-p', 'make a file']);
    expect(denied.code).toBe(0);
    expect(existsSync(workspace.path('denied.txt'))).toBe(false);
    expect(JSON.stringify(mock.requests[1]!.body)).toMatch(/headless/);

    mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: 'touch allowed.txt' } }] }, { text: 'Done.' });
    const allowed = await alfred(workspace, ['-p', 'make a file', '--allow', 'shell(touch allowed.txt)']);
    expect(allowed.code).toBe(0);
    expect(existsSync(workspace.path('allowed.txt'))).toBe(true);
  });

  it('refuses an untrusted folder with exit code 2 unless --trust is given', async () => {
    await using workspace = await tempWorkspace();
    mock.reset();
    const refused = await alfred(workspace, ['-p', 'hi', '-o', 'stream-json']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/not been trusted.*--trust/s);
    mock.enqueue({ text: 'hello' });
    const withFlag = await alfred(workspace, ['-p', 'hi', '-o', 'stream-json', '--trust']);
    expect(withFlag.code).toBe(0);
    expect(withFlag.stdout.trim().split('\n').every((line) => JSON.parse(line) !== undefined)).toBe(true);
  });

  it('exits 1 with a clean message when the provider rejects the key, never printing the key', async () => {
    await using workspace = await trusted();
    mock.reset();
    mock.enqueue({ fault: { status: 401 } });
    const run = await alfred(workspace, ['-p', 'hi']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^alfred: /m);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout + run.stderr).not.toContain('sk-ant-secret-test-key');
  });

  it('exits 2 when there is no prompt', async () => {
    await using workspace = await trusted();
    const run = await alfred(workspace, ['-p', '   ']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no prompt');
  });

  it('survives kill -9 in the middle of a streamed answer: --continue resumes a valid history', async () => {
    await using workspace = await trusted();
    mock.reset();
    mock.enqueue({ text: Array.from({ length: 40 }, (_, index) => `part${index} `), delayMs: 100 });
    const child = spawn(process.execPath, [ALFRED_BUNDLE, '-p', 'tell a long story'], {
      cwd: workspace.root,
      env: workspace.env({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: mock.baseUrls.anthropic }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('part3')) resolve();
      });
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    mock.reset();
    mock.enqueue({ text: 'Continuing.' });
    const resumed = await alfred(workspace, ['-p', 'go on', '--continue']);
    expect(resumed.code).toBe(0);
    const sent = JSON.stringify(mock.requests[0]!.body.messages);
    expect(sent).toContain('tell a long story');
    expect(sent).toContain('part3');
    expect(sent).toContain('go on');
  });

  it('continues the last session with --continue', async () => {
    await using workspace = await trusted();
    mock.reset();
    mock.enqueue({ text: 'Noted: the code word is pineapple.' });
    expect((await alfred(workspace, ['-p', 'remember pineapple'])).code).toBe(0);
    mock.enqueue({ text: 'pineapple' });
    const resumed = await alfred(workspace, ['-p', 'what was the code word?', '--continue']);
    expect(resumed.code).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body.messages)).toContain('Noted: the code word is pineapple.');
  });
});
