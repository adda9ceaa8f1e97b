import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { killGroup } from './process-runner.js';

/** A command the model started in the background. */
export interface BackgroundProcess {
  readonly pid: number;
  readonly command: string;
  readonly logPath: string;
  readonly startedAt: Date;
  exitCode: number | null | undefined;
}

/**
 * Commands started with `background: true`: each in its own process group with output to a log
 * file, listed for the UI and killed, grandchildren included, when the session ends.
 */
export class BackgroundProcesses {
  private readonly processes = new Map<number, BackgroundProcess>();

  /** Starts a command; returns at once with its pid and log file. */
  start(options: { command: string; cwd: string; env: NodeJS.ProcessEnv; logPath: string }): BackgroundProcess {
    mkdirSync(path.dirname(options.logPath), { recursive: true });
    const fd = openSync(options.logPath, 'a');
    try {
      const child = spawn('bash', ['-c', options.command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', fd, fd] });
      if (child.pid === undefined) throw new Error(`Could not start: ${options.command}`);
      const entry: BackgroundProcess = { pid: child.pid, command: options.command, logPath: options.logPath, startedAt: new Date(), exitCode: undefined };
      child.on('exit', (code) => (entry.exitCode = code));
      child.on('error', () => (entry.exitCode = null));
      child.unref();
      this.processes.set(child.pid, entry);
      return entry;
    } finally {
      closeSync(fd);
    }
  }

  /** Every process started in this session, running or finished. */
  list(): BackgroundProcess[] {
    return [...this.processes.values()];
  }

  /** Stops one process group. */
  kill(pid: number): boolean {
    const entry = this.processes.get(pid);
    if (!entry || entry.exitCode !== undefined) return false;
    killGroup(pid, 1000);
    return true;
  }

  /** Stops every running process group (session end). */
  killAll(): void {
    for (const entry of this.processes.values()) if (entry.exitCode === undefined) killGroup(entry.pid, 1000);
  }
}
