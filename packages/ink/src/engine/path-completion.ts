import path from 'node:path';
import { findRipgrep, ripgrepFiles, type FileDiscoveryService } from '@alfred/core';

const LIMIT = 50;

/**
 * Workspace paths for `@` completion: files and their folders, gitignore-aware, ranked by how well
 * they match (a prefix of the path, then of the file name, then a subsequence). The candidate list
 * is built once per crawl, so each keystroke only filters it.
 */
export class PathCompleter {
  private listing: Promise<Candidate[]> | undefined;
  private listedAt = 0;
  /** The last query and what matched it: a longer query can only match a subset of that. */
  private last: { query: string; matches: Candidate[] } | undefined;

  constructor(private readonly source: { root: string; files: Pick<FileDiscoveryService, 'crawl' | 'filterListed'>; maxAgeMs?: number }) {}

  async complete(prefix: string, signal: AbortSignal): Promise<string[]> {
    const candidates = await this.candidates(signal);
    const query = prefix.toLowerCase();
    const pool = this.last && query.startsWith(this.last.query) ? this.last.matches : candidates;
    const matches: Candidate[] = [];
    const top: Array<{ candidate: Candidate; score: number }> = [];
    for (const candidate of pool) {
      const score = matchScore(candidate.lower, query);
      if (score === 0) continue;
      matches.push(candidate);
      insertTop(top, { candidate, score });
    }
    this.last = { query, matches };
    return top.map((entry) => entry.candidate.value);
  }

  /** Files are listed once (with `rg --files` when installed) and listed again after a while. */
  private candidates(signal: AbortSignal): Promise<Candidate[]> {
    if (!this.listing || Date.now() - this.listedAt > (this.source.maxAgeMs ?? 30_000)) {
      this.listedAt = Date.now();
      this.last = undefined;
      this.listing = this.list(signal).then(candidateList);
      this.listing.catch(() => (this.listing = undefined));
    }
    return this.listing;
  }

  private async list(signal: AbortSignal): Promise<string[]> {
    const { root, files } = this.source;
    if (findRipgrep() !== null) {
      try {
        return await files.filterListed(root, await ripgrepFiles(root, { respectGitIgnore: true, signal }));
      } catch {
        // Fall through to the JS crawl, which needs no external program.
      }
    }
    return (await files.crawl(root, signal)).map((file) => path.relative(root, file).split(path.sep).join('/'));
  }
}

interface Candidate {
  value: string;
  lower: string;
}

/** Keeps the best LIMIT entries in order without sorting every match. */
function insertTop(top: Array<{ candidate: Candidate; score: number }>, entry: { candidate: Candidate; score: number }): void {
  if (top.length === LIMIT && !better(entry, top[LIMIT - 1]!)) return;
  let index = top.length;
  while (index > 0 && better(entry, top[index - 1]!)) index -= 1;
  top.splice(index, 0, entry);
  if (top.length > LIMIT) top.pop();
}

function better(a: { candidate: Candidate; score: number }, b: { candidate: Candidate; score: number }): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.candidate.value.length !== b.candidate.value.length) return a.candidate.value.length < b.candidate.value.length;
  return a.candidate.value < b.candidate.value;
}

function candidateList(relativeFiles: readonly string[]): Candidate[] {
  const values = new Set<string>();
  for (const relative of relativeFiles) {
    for (let slash = relative.indexOf('/'); slash !== -1; slash = relative.indexOf('/', slash + 1)) values.add(relative.slice(0, slash + 1));
    values.add(relative);
  }
  return [...values].map((value) => ({ value, lower: value.toLowerCase() }));
}

function matchScore(candidate: string, query: string): number {
  if (query === '') return candidate.includes('/') && !candidate.endsWith('/') ? 1 : 2;
  if (candidate.startsWith(query)) return 4;
  const slash = candidate.lastIndexOf('/', candidate.length - 2);
  if (candidate.startsWith(query, slash + 1)) return 3;
  let position = 0;
  for (let index = 0; index < query.length; index += 1) {
    position = candidate.indexOf(query[index]!, position);
    if (position === -1) return 0;
    position += 1;
  }
  return 1;
}
