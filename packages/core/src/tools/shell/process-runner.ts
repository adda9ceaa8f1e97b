import { spawn } from 'node:child_process';
import { OutputCapture, type CapturedOutput } from './output-capture.js';

/** A command to run with `bash -c`. */
export interface RunOptions {
  readonly command: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly maxOutputBytes: number;
  /** Where the full output goes when it exceeds the cap. */
  readonly logFile: () => string;
  readonly onOutput?: (soFar: string) => void;
  /** Time between SIGTERM and SIGKILL. */
  readonly killGraceMs?: number;
}

/** How a command ended. */
export interface RunResult {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  readonly output: CapturedOutput;
  readonly pid: number | undefined;
}

/**
 * Runs a command in its own process group (detached), merging stdout and stderr in arrival order.
 * Cancel and timeout send SIGTERM to the whole group, then SIGKILL after a grace period, so
 * grandchildren (`npm test` → node → workers) die with it.
 */
export function runProcess(options: RunOptions): Promise<RunResult> {
  const capture = new OutputCapture(options.maxOutputBytes, options.logFile);
  const child = spawn('bash', ['-c', options.command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let timedOut = false;
  let cancelled = false;
  let pending: NodeJS.Timeout | undefined;
  let lastUpdate = 0;
  const emit = () => {
    pending = undefined;
    lastUpdate = Date.now();
    options.onOutput?.(capture.current());
  };
  const onData = (chunk: Buffer) => {
    capture.push(chunk);
    if (!options.onOutput || pending) return;
    // The first chunk shows at once; a flood is coalesced into one live update per 100 ms.
    const wait = lastUpdate + 100 - Date.now();
    if (wait <= 0) emit();
    else pending = setTimeout(emit, wait);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const kill = () => killGroup(child.pid, options.killGraceMs ?? 2000);
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  const onAbort = () => {
    cancelled = true;
    kill();
  };
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      // A background grandchild may hold the pipes open forever; read what is buffered, then stop.
      let finished = false;
      const finish = async () => {
        if (finished) return;
        finished = true;
        clearTimeout(pending);
        child.stdout.destroy();
        child.stderr.destroy();
        resolve({ exitCode, signal, timedOut, cancelled, output: await capture.finish(), pid: child.pid });
      };
      const drain = setTimeout(() => void finish(), 200);
      child.on('close', () => {
        clearTimeout(drain);
        void finish();
      });
    });
  });
}

/** SIGTERM to a process group, SIGKILL after `graceMs` if anything in it is still alive. */
export function killGroup(pid: number | undefined, graceMs: number): void {
  if (pid === undefined) return;
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false;
    }
  };
  if (!send('SIGTERM')) return;
  setTimeout(() => send('SIGKILL'), graceMs).unref();
}
