import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** Why a path was refused. */
export type PathProblem = 'outside_workspace' | 'symlink_loop' | 'invalid_path';

/** A path checked against the workspace. */
export type ResolvedPath =
  | {
      readonly ok: true;
      /** Absolute path as the caller named it (resolved against the first directory), not followed. */
      readonly path: string;
      /** The real path: every symlink followed; for a missing file, through its nearest existing ancestor. */
      readonly realPath: string;
      /** The workspace directory that contains it. */
      readonly directory: string;
    }
  | { readonly ok: false; readonly problem: PathProblem; readonly message: string };

/** Symlink hops followed before a chain is called a loop (Linux's own limit is 40). */
const MAX_SYMLINK_HOPS = 40;

class SymlinkLoopError extends Error {}

/**
 * The directories alfred may touch. A path is inside only if its real path lies inside one of the
 * real directories by `path.relative`, never by string prefix (`/work/app` must not admit
 * `/work/app-secrets`). Directories are added by the user (`/directory add`), never by a tool call.
 */
export class WorkspaceContext {
  private readonly dirs: string[];
  private readonly listeners = new Set<(directories: readonly string[]) => void>();

  private constructor(directories: string[]) {
    this.dirs = directories;
  }

  /** Creates a workspace from existing directories; the first is where relative paths start. */
  static async create(directories: readonly string[]): Promise<WorkspaceContext> {
    if (directories.length === 0) throw new Error('A workspace needs at least one directory.');
    const real: string[] = [];
    for (const directory of directories) real.push(await realDirectory(directory));
    return new WorkspaceContext([...new Set(real)]);
  }

  /** The workspace directories, real paths, the first one being the root. */
  get directories(): readonly string[] {
    return this.dirs;
  }

  /** The first directory: relative paths and the shell start here. */
  get root(): string {
    return this.dirs[0] as string;
  }

  /** Adds a directory (the user's `/directory add`). */
  async addDirectory(directory: string): Promise<void> {
    const real = await realDirectory(directory);
    if (this.dirs.includes(real)) return;
    this.dirs.push(real);
    for (const listener of this.listeners) listener(this.dirs);
  }

  /** Calls `listener` when directories are added. */
  onDirectoriesChanged(listener: (directories: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The workspace directory containing an already-real absolute path, if any. */
  containingDirectory(realAbsolutePath: string): string | undefined {
    return this.dirs.find((directory) => isInside(directory, realAbsolutePath));
  }

  /** Resolves a path the model gave (absolute, or relative to the root) and checks containment. */
  async resolve(input: string): Promise<ResolvedPath> {
    if (input.trim() === '') return { ok: false, problem: 'invalid_path', message: 'The path is empty.' };
    if (input.includes('\0')) return { ok: false, problem: 'invalid_path', message: 'The path contains a NUL byte.' };
    const absolute = path.resolve(this.root, input);
    let real: string;
    try {
      real = await realPathAllowingMissing(absolute, 0);
    } catch (error) {
      if (error instanceof SymlinkLoopError || (error as NodeJS.ErrnoException).code === 'ELOOP') {
        return { ok: false, problem: 'symlink_loop', message: `"${input}" is part of a symlink loop and cannot be resolved.` };
      }
      throw error;
    }
    const directory = this.containingDirectory(real);
    if (directory === undefined) {
      const via = real === absolute ? '' : ` (it resolves to "${real}" through a symlink)`;
      return {
        ok: false,
        problem: 'outside_workspace',
        message: `"${input}" is outside the workspace${via}. Only paths inside ${this.dirs.map((d) => `"${d}"`).join(', ')} are allowed.`,
      };
    }
    return { ok: true, path: absolute, realPath: real, directory };
  }

  /** A short path for display: relative to the containing directory when inside, else absolute. */
  displayPath(absolutePath: string): string {
    const directory = this.dirs.find((candidate) => isInside(candidate, absolutePath));
    if (directory === undefined) return absolutePath;
    const relative = path.relative(this.root === directory ? this.root : directory, absolutePath);
    return relative === '' ? '.' : relative;
  }
}

/** True when `candidate` is `directory` or below it, decided by `path.relative`. */
export function isInside(directory: string, candidate: string): boolean {
  const relative = path.relative(directory, candidate);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

async function realDirectory(directory: string): Promise<string> {
  const real = await realpath(path.resolve(directory));
  if (!(await stat(real)).isDirectory()) throw new Error(`"${directory}" is not a directory.`);
  return real;
}

/**
 * `realpath` that also works for paths that do not exist yet: the missing tail is appended to the
 * real path of the nearest existing ancestor. A dangling symlink is followed to its target, so a
 * link to a not-yet-existing file outside the workspace resolves outside.
 */
async function realPathAllowingMissing(absolute: string, hops: number): Promise<string> {
  try {
    return await realpath(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const stats = await lstat(absolute).catch(() => undefined);
  if (stats?.isSymbolicLink()) {
    if (hops >= MAX_SYMLINK_HOPS) throw new SymlinkLoopError(absolute);
    const target = await readlink(absolute);
    return realPathAllowingMissing(path.resolve(path.dirname(absolute), target), hops + 1);
  }
  const parent = path.dirname(absolute);
  if (parent === absolute) return absolute;
  return path.join(await realPathAllowingMissing(parent, hops), path.basename(absolute));
}
