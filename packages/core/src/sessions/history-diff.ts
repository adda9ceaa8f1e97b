/**
 * Finds how a history changed since it was last recorded, by entry identity: HistoryService keeps
 * the same objects for unchanged entries, so a compression or a truncation shows up as one replaced
 * range and new turns as a tail to append.
 */
import type { IContent } from '../content/content.js';

/** The change from `before` to `after`: `before[start, end)` became `entries`, then `appended` follow. */
export interface HistoryChange {
  replaced?: { start: number; end: number; entries: IContent[] };
  appended: IContent[];
}

/** Compares two histories by entry identity. */
export function diffHistory(before: readonly IContent[], after: readonly IContent[]): HistoryChange {
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before[prefix] === after[prefix]) prefix += 1;
  if (prefix === before.length) return { appended: after.slice(prefix) };
  // The recorded tail may survive further on (a compression keeps the newest entries): find the
  // last recorded entry in the new history and walk back while both agree.
  const lastBefore = before[before.length - 1];
  let tailEnd = -1;
  for (let index = after.length - 1; index >= prefix; index -= 1) {
    if (after[index] === lastBefore) {
      tailEnd = index + 1;
      break;
    }
  }
  if (tailEnd === -1) {
    return { replaced: { start: prefix, end: before.length, entries: after.slice(prefix) }, appended: [] };
  }
  let kept = 0;
  while (
    before.length - 1 - kept >= prefix &&
    tailEnd - 1 - kept >= prefix &&
    before[before.length - 1 - kept] === after[tailEnd - 1 - kept]
  ) {
    kept += 1;
  }
  return {
    replaced: { start: prefix, end: before.length - kept, entries: after.slice(prefix, tailEnd - kept) },
    appended: after.slice(tailEnd),
  };
}
