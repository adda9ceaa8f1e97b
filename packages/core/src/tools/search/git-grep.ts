import { spawn, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import type { FileDiscoveryService } from '../../workspace/file-discovery.js';
import type { GrepOutcome, GrepQuery } from './grep-query.js';
import { searchFiles } from './js-grep.js';

const workTrees = new Map<string, boolean>();

/** Whether `directory` is inside a git work tree and git can run there (probed once per folder). */
export function isGitWorkTree(directory: string): boolean {
  let answer = workTrees.get(directory);
  if (answer === undefined) {
    const probe = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: directory, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
    answer = probe.status === 0 && probe.stdout.trim() === 'true';
    workTrees.set(directory, answer);
  }
  return answer;
}

/** What git grep needs besides the query. */
export interface GitGrepOptions {
  readonly files: FileDiscoveryService;
  readonly respectGitIgnore: boolean;
}

/**
 * The middle engine, for git repositories without ripgrep: `git grep -l` finds the matching files
 * (tracked and untracked, .gitignore honoured, binaries skipped) in parallel C, and the JS line
 * matcher reads only those files for lines and context. So results have exactly the JS engine's
 * shape; the regex dialect differs only in which files git picks (PCRE when git has it, else ERE).
 */
export async function gitGrep(query: GrepQuery, options: GitGrepOptions): Promise<GrepOutcome> {
  const isFile = (await stat(query.target)).isFile();
  const cwd = isFile ? path.dirname(query.target) : query.target;
  const pathspec = isFile ? path.basename(query.target) : '.';
  let listed = await listMatchingFiles(cwd, pathspec, query, options.respectGitIgnore, '-P');
  if (listed === 'no-pcre') listed = await listMatchingFiles(cwd, pathspec, query, options.respectGitIgnore, '-E');
  if (listed === 'no-pcre') throw new Error('git grep could not compile the pattern');
  let candidates = listed.map((relative) => path.join(cwd, relative));
  if (query.include && !isFile) {
    const matches = picomatch(query.include, { dot: true, basename: !query.include.includes('/') });
    candidates = candidates.filter((file) => matches(path.relative(query.target, file).split(path.sep).join('/')));
  }
  // git knows .gitignore but not .alfredignore: drop what discovery ignores (verdicts are cached per folder).
  const kept: string[] = [];
  for (const file of candidates) if (!(await options.files.isIgnored(file))) kept.push(file);
  return searchFiles(kept, query, new RegExp(query.pattern, query.ignoreCase ? 'gim' : 'gm'));
}

function listMatchingFiles(cwd: string, pathspec: string, query: GrepQuery, respectGitIgnore: boolean, dialect: '-P' | '-E'): Promise<string[] | 'no-pcre'> {
  const args = ['--no-pager', 'grep', '-l', '-z', '-I', '--untracked', dialect];
  if (!respectGitIgnore) args.push('--no-exclude-standard');
  if (query.ignoreCase) args.push('-i');
  args.push('-e', query.pattern, '--', pathspec);
  const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], signal: query.signal });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || code === 1) resolve(Buffer.concat(chunks).toString('utf8').split('\0').filter((file) => file !== ''));
      // A git built without PCRE says so (exit 128); the caller retries with extended regexes.
      else if (dialect === '-P' && /perl|pcre/i.test(stderr)) resolve('no-pcre');
      else reject(new Error(stderr.trim() || `git grep exited with code ${code}`));
    });
  });
}
