import { open } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import type { FileDiscoveryService } from '../../workspace/file-discovery.js';
import type { GrepLine, GrepOutcome, GrepQuery } from './grep-query.js';

/** Files above this size are skipped by the JS search (ripgrep has no such limit). */
const MAX_SEARCH_BYTES = 10 * 1024 * 1024;
const READ_CONCURRENCY = 32;

/**
 * The search used when ripgrep is not installed: crawls with the ignore-aware discovery service,
 * reads files in parallel, tests the whole file first and splits into lines only when it matches.
 */
export async function jsGrep(files: FileDiscoveryService, query: GrepQuery, regex: RegExp): Promise<GrepOutcome> {
  const candidates = await listCandidates(files, query);
  const lines: GrepLine[] = [];
  let matchCount = 0;
  let truncated = false;
  for (let start = 0; start < candidates.length && !truncated; start += READ_CONCURRENCY) {
    query.signal.throwIfAborted();
    const batch = candidates.slice(start, start + READ_CONCURRENCY);
    const contents = await Promise.all(batch.map(readSearchable));
    for (let index = 0; index < batch.length && !truncated; index++) {
      const text = contents[index];
      if (text === undefined) continue;
      regex.lastIndex = 0;
      if (!regex.test(text)) continue;
      const found = matchLines(batch[index] as string, text, regex, query.context, query.maxMatches - matchCount);
      lines.push(...found.lines);
      matchCount += found.matches;
      truncated = found.truncated;
    }
  }
  return { lines, matchCount, truncated };
}

async function listCandidates(files: FileDiscoveryService, query: GrepQuery): Promise<string[]> {
  const all = await crawlTarget(files, query.target, query.signal);
  if (!query.include) return all;
  const matches = picomatch(query.include, { dot: true, basename: !query.include.includes('/') });
  return all.filter((file) => matches(path.relative(query.target, file).split(path.sep).join('/')));
}

async function crawlTarget(files: FileDiscoveryService, target: string, signal: AbortSignal): Promise<string[]> {
  const handle = await open(target, 'r');
  const isFile = (await handle.stat()).isFile();
  await handle.close();
  return isFile ? [target] : files.crawl(target, signal);
}

async function readSearchable(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_SEARCH_BYTES) return undefined;
      const bytes = await handle.readFile();
      // A NUL byte in the first 8 KB marks a binary file, the same test ripgrep and git use.
      if (bytes.subarray(0, 8192).includes(0)) return undefined;
      return bytes.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

function matchLines(file: string, text: string, regex: RegExp, context: number, budget: number) {
  const all = text.split(/\r?\n/);
  const lines: GrepLine[] = [];
  const emitted = new Set<number>();
  let matches = 0;
  const lineRegex = new RegExp(regex.source, regex.flags.replace('g', ''));
  for (let index = 0; index < all.length; index++) {
    if (!lineRegex.test(all[index] as string)) continue;
    if (matches >= budget) return { lines, matches, truncated: true };
    matches++;
    for (let around = Math.max(0, index - context); around <= Math.min(all.length - 1, index + context); around++) {
      if (emitted.has(around)) continue;
      emitted.add(around);
      lines.push({ file, line: around + 1, text: all[around] as string, isMatch: around === index || lineRegex.test(all[around] as string) });
    }
  }
  lines.sort((a, b) => a.line - b.line);
  return { lines, matches, truncated: false };
}
