import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface EnvironmentOptions {
  cwd: string;
  workspaceDirectories: string[];
  /** Entries in the directory tree (default 200). */
  maxTreeEntries?: number;
  /** Says whether a path (relative to the root) is ignored; gitignore-aware discovery plugs in here. */
  isIgnored?: (relativePath: string, isDirectory: boolean) => boolean | Promise<boolean>;
  now?: Date;
}

const ALWAYS_SKIPPED = new Set(['.git', 'node_modules', '.hg', '.svn', 'dist', '.next', '__pycache__', '.venv']);

/** The environment section of the system prompt: date, OS, shell, folders, a tree and git state. */
export async function describeEnvironment(options: EnvironmentOptions): Promise<string> {
  const now = options.now ?? new Date();
  const lines = [
    `Date: ${now.toISOString().slice(0, 10)}`,
    `OS: ${os.type()} ${os.release()} (${process.platform})`,
    `Shell: ${process.env['SHELL'] ?? 'bash'}`,
    `Working directory: ${options.cwd}`,
  ];
  if (options.workspaceDirectories.length > 1) lines.push(`Workspace directories: ${options.workspaceDirectories.join(', ')}`);
  const git = await gitSummary(options.cwd);
  if (git) lines.push(git);
  const tree = await directoryTree(options.cwd, options.maxTreeEntries ?? 200, options.isIgnored);
  return `${lines.join('\n')}\n\nFiles (a bounded listing of the working directory):\n${tree}`;
}

/** A breadth-first listing that stops at `limit` entries and says how much it left out. */
export async function directoryTree(
  root: string,
  limit: number,
  isIgnored: EnvironmentOptions['isIgnored'] = () => false,
): Promise<string> {
  const lines: string[] = [];
  const queue: Array<{ directory: string; depth: number }> = [{ directory: root, depth: 0 }];
  let omitted = 0;
  while (queue.length > 0) {
    const { directory, depth } = queue.shift()!;
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const relative = path.relative(root, path.join(directory, entry.name));
      if (ALWAYS_SKIPPED.has(entry.name) || (await isIgnored(relative, entry.isDirectory()))) continue;
      if (lines.length >= limit) {
        omitted += 1;
        continue;
      }
      lines.push(`${relative}${entry.isDirectory() ? '/' : ''}`);
      if (entry.isDirectory() && depth < 3) queue.push({ directory: path.join(directory, entry.name), depth: depth + 1 });
    }
  }
  if (omitted > 0) lines.push(`… and ${omitted} more entries (use ls or glob to explore)`);
  return lines.length > 0 ? lines.join('\n') : '(empty)';
}

async function gitSummary(cwd: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', ['status', '--porcelain=v1', '--branch'], { cwd, timeout: 2_000, maxBuffer: 1024 * 1024 });
    const [head = '', ...changes] = stdout.split('\n').filter(Boolean);
    const branch = head.replace(/^## /, '').split('...')[0];
    const shown = changes.slice(0, 20).map((line) => `  ${line}`);
    const more = changes.length > 20 ? [`  … and ${changes.length - 20} more`] : [];
    return [`Git branch: ${branch}`, changes.length ? `Git status (${changes.length} changed):` : 'Git status: clean', ...shown, ...more].join('\n');
  } catch {
    return undefined;
  }
}
