import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AlfredPaths } from '../workspace/alfred-home.js';

/** One memory file as it goes into the system prompt. */
export interface MemoryFile {
  path: string;
  scope: 'user' | 'project' | 'workspace';
  content: string;
  /** Files pulled in by `@path` imports, in order. */
  imports: string[];
  /** Imports that were refused or missing, with the reason, shown by `/memory list`. */
  skipped: Array<{ reference: string; reason: string }>;
}

export interface MemoryOptions {
  alfredPaths: AlfredPaths;
  /** The folder alfred runs in. */
  cwd: string;
  /** The workspace root (files outside it are not imported in untrusted folders). */
  workspaceRoot: string;
  trusted: boolean;
  /** Names of memory files (default `ALFRED.md` and `AGENTS.md`). */
  fileNames?: string[];
}

const MAX_IMPORT_DEPTH = 5;
const MAX_FILE_BYTES = 256 * 1024;

/** Candidate memory paths in the order they apply: user, then repository root down to cwd, then `.alfred/`. */
export async function memoryFileCandidates(options: MemoryOptions): Promise<Array<{ path: string; scope: MemoryFile['scope'] }>> {
  const names = options.fileNames ?? ['ALFRED.md', 'AGENTS.md'];
  const candidates: Array<{ path: string; scope: MemoryFile['scope'] }> = [{ path: options.alfredPaths.memory, scope: 'user' }];
  const root = (await findRepositoryRoot(options.cwd)) ?? options.workspaceRoot;
  const chain: string[] = [];
  for (let directory = path.resolve(options.cwd); ; directory = path.dirname(directory)) {
    chain.unshift(directory);
    if (directory === root || path.dirname(directory) === directory) break;
  }
  for (const directory of chain) {
    for (const name of names) candidates.push({ path: path.join(directory, name), scope: 'project' });
  }
  candidates.push({ path: path.join(options.workspaceRoot, '.alfred', 'ALFRED.md'), scope: 'workspace' });
  return candidates;
}

/** The nearest folder at or above `start` that holds a `.git` entry. */
export async function findRepositoryRoot(start: string): Promise<string | undefined> {
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    if (await exists(path.join(directory, '.git'))) return directory;
    if (path.dirname(directory) === directory) return undefined;
  }
}

/**
 * Reads every memory file that exists, expanding `@path` imports (relative to the importing file)
 * with a depth limit and cycle detection. Unchanged files are served from a cache keyed on mtime,
 * so re-reading memory at every turn costs a `stat` per file.
 */
export class MemoryLoader {
  private readonly cache = new Map<string, { mtimeMs: number; content: string }>();

  constructor(private readonly options: MemoryOptions) {}

  async load(): Promise<MemoryFile[]> {
    const files: MemoryFile[] = [];
    const seen = new Set<string>();
    for (const candidate of await memoryFileCandidates(this.options)) {
      if (seen.has(candidate.path)) continue;
      seen.add(candidate.path);
      const raw = await this.read(candidate.path);
      if (raw === undefined) continue;
      const file: MemoryFile = { path: candidate.path, scope: candidate.scope, content: '', imports: [], skipped: [] };
      file.content = await this.expand(raw, candidate.path, file, [candidate.path], 0);
      files.push(file);
    }
    return files;
  }

  private async expand(text: string, from: string, file: MemoryFile, stack: string[], depth: number): Promise<string> {
    const lines = text.split('\n');
    const out: string[] = [];
    let inFence = false;
    for (const line of lines) {
      if (line.trimStart().startsWith('```')) inFence = !inFence;
      const match = inFence ? null : /^\s*@(\S+)\s*$/.exec(line);
      if (!match) {
        out.push(line);
        continue;
      }
      out.push(await this.importFile(match[1]!, from, file, stack, depth));
    }
    return out.join('\n');
  }

  private async importFile(reference: string, from: string, file: MemoryFile, stack: string[], depth: number): Promise<string> {
    const target = path.resolve(path.dirname(from), reference.replace(/^~(?=\/)/, this.options.alfredPaths.userHome));
    const refuse = (reason: string) => {
      file.skipped.push({ reference, reason });
      return `<!-- @${reference}: ${reason} -->`;
    };
    if (depth >= MAX_IMPORT_DEPTH) return refuse(`not imported: deeper than ${MAX_IMPORT_DEPTH} levels`);
    if (stack.includes(target)) return refuse('not imported: it would import itself (a cycle)');
    if (!this.options.trusted && !isInside(target, this.options.workspaceRoot)) {
      return refuse('not imported: outside the workspace, and this folder is not trusted');
    }
    const content = await this.read(target);
    if (content === undefined) return refuse('not found');
    file.imports.push(target);
    return this.expand(content, target, file, [...stack, target], depth + 1);
  }

  private async read(file: string): Promise<string | undefined> {
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      const cached = this.cache.get(file);
      if (cached && cached.mtimeMs === info.mtimeMs) return cached.content;
      const buffer = await readFile(file);
      const content = buffer.subarray(0, MAX_FILE_BYTES).toString('utf8').replace(/^\uFEFF/, '');
      this.cache.set(file, { mtimeMs: info.mtimeMs, content });
      return content;
    } catch {
      return undefined;
    }
  }
}

function isInside(target: string, root: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
