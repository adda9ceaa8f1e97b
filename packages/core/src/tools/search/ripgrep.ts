import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { GrepLine, GrepOutcome, GrepQuery } from './grep-query.js';

let ripgrepPath: string | null | undefined;

/** The `rg` executable if it is on PATH, probed once per process. */
export function findRipgrep(): string | null {
  if (ripgrepPath === undefined) {
    const probe = spawnSync('rg', ['--version'], { stdio: 'ignore' });
    ripgrepPath = probe.status === 0 ? 'rg' : null;
  }
  return ripgrepPath;
}

interface RipgrepEvent {
  type: string;
  data?: { path?: { text?: string }; lines?: { text?: string }; line_number?: number };
}

/** Which ignore files ripgrep should honour, mirroring the discovery settings. */
export interface RipgrepOptions {
  readonly respectGitIgnore: boolean;
}

/**
 * Runs `rg --json` and reads its events until enough matches are in, then stops the process.
 * Hidden files are searched and `.git/` skipped, like the JS crawl; `--no-require-git` makes
 * `.gitignore` apply outside git repositories too.
 */
export function ripgrep(query: GrepQuery, options: RipgrepOptions): Promise<GrepOutcome> {
  const args = ['--json', '--hidden', '--no-config', '--no-require-git', '--glob', '!.git', '--max-columns', '0', '-C', String(query.context)];
  if (query.ignoreCase) args.push('--ignore-case');
  if (!options.respectGitIgnore) args.push('--no-ignore-vcs');
  if (query.include) args.push('--glob', query.include);
  args.push('-e', query.pattern, '--', query.target);
  const child = spawn(findRipgrep() ?? 'rg', args, { stdio: ['ignore', 'pipe', 'pipe'], signal: query.signal });
  const lines: GrepLine[] = [];
  let matchCount = 0;
  let truncated = false;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (raw) => {
    if (truncated) return;
    const event = JSON.parse(raw) as RipgrepEvent;
    if (event.type !== 'match' && event.type !== 'context') return;
    const file = event.data?.path?.text;
    const text = event.data?.lines?.text;
    if (file === undefined || text === undefined || event.data?.line_number === undefined) return;
    if (event.type === 'match') {
      if (matchCount >= query.maxMatches) {
        truncated = true;
        child.kill();
        return;
      }
      matchCount++;
    }
    lines.push({ file, line: event.data.line_number, text: text.replace(/\r?\n$/, ''), isMatch: event.type === 'match' });
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (truncated || code === 0 || code === 1) resolve({ lines, matchCount, truncated });
      else reject(new Error(stderr.trim() || `rg exited with code ${code}`));
    });
  });
}
