import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it, vi } from 'vitest';
import { FileDiscoveryService } from '../../workspace/file-discovery.js';
import { WorkspaceContext } from '../../workspace/workspace-context.js';
import { BackgroundProcesses } from '../shell/background-processes.js';
import { ShellTool } from './shell.js';

async function setup(env: NodeJS.ProcessEnv = process.env) {
  const ws = await tempWorkspace();
  const workspace = await WorkspaceContext.create([ws.root]);
  const background = new BackgroundProcesses();
  const tool = new ShellTool({
    workspace,
    files: new FileDiscoveryService({ workspace }),
    logDirectory: path.join(ws.alfredHome, 'tmp', 'shell'),
    background,
    env,
    maxOutputBytes: 2000,
    killGraceMs: 300,
  });
  const invoke = (args: unknown) => {
    const built = tool.build(args);
    if (!built.ok) throw new Error(built.error);
    return built.invocation;
  };
  return { ws, invoke, background };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('shell', () => {
  it('runs in the workspace root and reports output and exit code', async () => {
    const { ws, invoke } = await setup();
    await using _ = ws;
    const invocation = invoke({ command: 'pwd; echo oops >&2; exit 3' });
    expect(await invocation.shouldConfirmExecute(new AbortController().signal)).toMatchObject({ type: 'exec', command: 'pwd; echo oops >&2; exit 3' });
    const result = await invocation.execute(new AbortController().signal);
    expect(result.llmContent).toContain(ws.root);
    expect(result.llmContent).toContain('oops');
    expect(result.llmContent).toContain('Exit code: 3');
  });

  it('reports the signal, not a null exit code, when the command is killed by a signal on its own', async () => {
    const { ws, invoke } = await setup();
    await using _ = ws;
    const result = await invoke({ command: 'echo before; kill -TERM $$' }).execute(new AbortController().signal);
    expect(result.llmContent).toContain('before');
    expect(result.llmContent).toMatch(/Killed by signal SIGTERM\.$/);
    expect(result.llmContent).not.toContain('null');
  });

  it('removes provider keys and tokens from the child environment', async () => {
    const { ws, invoke } = await setup({ ...process.env, ANTHROPIC_API_KEY: 'sk-ant-secret', GITHUB_TOKEN: 'ghp_secret', MY_SECRET: 's', KEEP_ME: 'visible' });
    await using _ = ws;
    const result = await invoke({ command: 'env' }).execute(new AbortController().signal);
    expect(result.llmContent).toContain('KEEP_ME=visible');
    expect(result.llmContent).not.toMatch(/sk-ant-secret|ghp_secret|MY_SECRET/);
  });

  it('kills the whole process group on cancel, including a grandchild that ignores SIGTERM', async () => {
    const { ws, invoke } = await setup();
    await using _ = ws;
    const controller = new AbortController();
    const running = invoke({ command: `bash -c 'trap "" TERM; sleep 1000' & echo $! > child.pid; wait` }).execute(controller.signal);
    const pid = await vi.waitFor(async () => Number(await readFile(ws.path('child.pid'), 'utf8')), { timeout: 5000 });
    expect(isAlive(pid)).toBe(true);
    controller.abort();
    const result = await running;
    expect(result.error?.type).toBe('cancelled');
    await vi.waitFor(() => expect(isAlive(pid)).toBe(false), { timeout: 5000 });
  });

  it('kills a command at its timeout and says so', async () => {
    const { ws, invoke } = await setup();
    await using _ = ws;
    const result = await invoke({ command: 'sleep 30', timeout_ms: 200 }).execute(new AbortController().signal);
    expect(result.error?.type).toBe('timeout');
    expect(result.llmContent).toContain('Timed out after 200 ms');
  });

  it('keeps head and tail of an output flood and saves the full log', async () => {
    const { ws, invoke } = await setup();
    await using _ = ws;
    const updates: string[] = [];
    const result = await invoke({ command: 'seq 1 100000' }).execute(new AbortController().signal, (output) => updates.push(output));
    const text = result.llmContent as string;
    expect(text).toContain('1\n2\n3\n');
    expect(text).toContain('99999\n100000');
    expect(text.length).toBeLessThan(3000);
    const logPath = /Full log: (\S+)\]/.exec(text)?.[1];
    expect(logPath).toBeDefined();
    const log = await readFile(logPath as string, 'utf8');
    expect(log.split('\n').length).toBe(100001);
    expect(updates.length).toBeGreaterThan(0);
  });

  it('detects binary output instead of returning it', async () => {
    const { ws, invoke } = await setup();
    await using _ = ws;
    const result = await invoke({ command: "printf 'a\\000b\\001'" }).execute(new AbortController().signal);
    expect(result.llmContent).toContain('[Binary output, 4 bytes, not shown.');
  });

  it('starts a background process, tracks it and kills it at the end', async () => {
    const { ws, invoke, background } = await setup();
    await using _ = ws;
    const result = await invoke({ command: 'echo started; sleep 1000', background: true }).execute(new AbortController().signal);
    const [entry] = background.list();
    expect(result.llmContent).toContain(`pid ${entry?.pid}`);
    await vi.waitFor(async () => expect(await readFile(entry?.logPath as string, 'utf8')).toContain('started'));
    background.killAll();
    await vi.waitFor(() => expect(isAlive(entry?.pid as number)).toBe(false));
  });
});
