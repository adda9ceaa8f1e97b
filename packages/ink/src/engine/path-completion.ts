import path from 'node:path';
import type { AlfredRuntime } from '@alfred/core';

const LIMIT = 50;

/**
 * Workspace paths for `@` completion: files and their folders, gitignore-aware, ranked by how well
 * they match (a prefix of the path, then of the file name, then a subsequence).
 */
export async function completePath(runtime: AlfredRuntime, prefix: string, signal: AbortSignal): Promise<string[]> {
  const root = runtime.workspace.root;
  const files = await runtime.files.crawl(root, signal);
  const candidates = new Set<string>();
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    candidates.add(relative);
    const parts = relative.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) candidates.add(`${parts.slice(0, depth).join('/')}/`);
  }
  const query = prefix.toLowerCase();
  const scored: Array<{ value: string; score: number }> = [];
  for (const value of candidates) {
    const score = matchScore(value.toLowerCase(), query);
    if (score > 0) scored.push({ value, score });
  }
  scored.sort((a, b) => b.score - a.score || a.value.length - b.value.length || a.value.localeCompare(b.value));
  return scored.slice(0, LIMIT).map((entry) => entry.value);
}

function matchScore(candidate: string, query: string): number {
  if (query === '') return candidate.includes('/') && !candidate.endsWith('/') ? 1 : 2;
  if (candidate.startsWith(query)) return 4;
  const base = candidate.endsWith('/') ? candidate.slice(0, -1).split('/').pop()! : candidate.split('/').pop()!;
  if (base.startsWith(query)) return 3;
  let position = 0;
  for (const character of query) {
    position = candidate.indexOf(character, position);
    if (position === -1) return 0;
    position += 1;
  }
  return 1;
}
