import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { findRipgrep } from './ripgrep.js';

/** Which ignore files ripgrep should honour, mirroring the discovery settings. */
export interface RipgrepFilesOptions {
  readonly respectGitIgnore: boolean;
  readonly signal?: AbortSignal;
  /**
   * Threads ripgrep crawls with (its default: one per core). A caller with work of its own to do on
   * each path as it arrives passes fewer, so the two run side by side instead of taking turns.
   */
  readonly threads?: number;
}

/**
 * `rg --files` run in `directory`: every file its ignore rules keep, as paths relative to the
 * directory. The flags make ripgrep read the same files the JS crawl does and no others: nested
 * `.gitignore` (inside git repositories or not) and `.git/info/exclude`, but not `.ignore`/`.rgignore`,
 * the user's global excludes or the folders above (the caller applies those up to the workspace
 * directory, with `.alfredignore`). Hidden files are listed, `.git/` is not, and symlinks are not
 * followed (a link could lead the crawl anywhere on the disk before we could refuse it).
 */
export async function ripgrepFiles(directory: string, options: RipgrepFilesOptions): Promise<string[]> {
  const files: string[] = [];
  for await (const batch of ripgrepFileBatches(directory, options)) {
    for (const file of batch) files.push(file);
  }
  return files;
}

/**
 * The same listing as {@link ripgrepFiles}, in batches as ripgrep prints them, so a caller can work
 * on the first paths while ripgrep is still crawling for the rest. Stopping early ends the process.
 */
export async function* ripgrepFileBatches(directory: string, options: RipgrepFilesOptions): AsyncGenerator<string[]> {
  const args = ['--files', '--null', '--hidden', '--no-config', '--no-require-git', '--no-ignore-parent', '--no-ignore-dot', '--no-ignore-global', '--glob', '!.git'];
  if (!options.respectGitIgnore) args.push('--no-ignore-vcs');
  if (options.threads !== undefined) args.push('--threads', String(options.threads));
  const child = spawn(findRipgrep() ?? 'rg', args, { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // Awaited below; this only keeps a spawn failure from being reported as unhandled meanwhile.
  exited.catch(() => undefined);
  try {
    // A chunk can end inside a path, or inside a multi-byte character of one.
    const decoder = new StringDecoder('utf8');
    let partial = '';
    let listedAny = false;
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      const paths = (partial + decoder.write(chunk)).split('\0');
      partial = paths.pop() ?? '';
      if (paths.length === 0) continue;
      listedAny = true;
      yield paths;
    }
    const code = await exited;
    // Exit code 2 with output means some entries could not be read (permissions): keep the rest.
    if (code !== 0 && code !== 1 && !(code === 2 && listedAny)) throw new Error(stderr.trim() || `rg --files exited with code ${code}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  }
}
