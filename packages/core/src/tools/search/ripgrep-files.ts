import { spawn } from 'node:child_process';
import { findRipgrep } from './ripgrep.js';

/** Which ignore files ripgrep should honour, mirroring the discovery settings. */
export interface RipgrepFilesOptions {
  readonly respectGitIgnore: boolean;
  readonly signal?: AbortSignal;
}

/**
 * `rg --files` run in `directory`: every file its ignore rules keep, as paths relative to the
 * directory. The flags make ripgrep read the same files the JS crawl does and no others: nested
 * `.gitignore` (inside git repositories or not) and `.git/info/exclude`, but not `.ignore`/`.rgignore`,
 * the user's global excludes or the folders above (the caller applies those up to the workspace
 * directory, with `.alfredignore`). Hidden files are listed, `.git/` is not, and symlinks are not
 * followed (a link could lead the crawl anywhere on the disk before we could refuse it).
 */
export function ripgrepFiles(directory: string, options: RipgrepFilesOptions): Promise<string[]> {
  const args = ['--files', '--null', '--hidden', '--no-config', '--no-require-git', '--no-ignore-parent', '--no-ignore-dot', '--no-ignore-global', '--glob', '!.git'];
  if (!options.respectGitIgnore) args.push('--no-ignore-vcs');
  const child = spawn(findRipgrep() ?? 'rg', args, { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      // Exit code 2 with output means some entries could not be read (permissions): keep the rest.
      const text = Buffer.concat(chunks).toString('utf8');
      if (code === 0 || code === 1 || (code === 2 && text !== '')) resolve(text.split('\0').filter((file) => file !== ''));
      else reject(new Error(stderr.trim() || `rg --files exited with code ${code}`));
    });
  });
}
