import type { IContent } from '../content/content.js';

/**
 * Where to cut a history for compression: everything before the returned index is summarised,
 * everything from it on is kept whole. The cut keeps at least `preserve` of the tokens, never lands
 * between a tool call and its response, and
 * returns 0 when no such cut exists, meaning "nothing can be compressed".
 */
export function findCompressSplitPoint(history: readonly IContent[], tokens: readonly number[], preserve: number): number {
  const total = tokens.reduce((sum, value) => sum + value, 0);
  if (history.length < 2 || total === 0) return 0;
  const keepAtLeast = total * preserve;
  let kept = 0;
  let best = 0;
  // Walk from the newest entry back; the first valid cut once enough is kept is the latest one
  // that still preserves the share, so the summary covers as much as it may.
  for (let index = history.length - 1; index > 0; index -= 1) {
    kept += tokens[index] ?? 0;
    if (kept >= keepAtLeast && isCleanCut(history, index)) {
      best = index;
      break;
    }
  }
  return best;
}

/**
 * A cut before `index` is clean unless `index` holds tool responses: those must stay with the AI
 * turn that made the calls. Cutting before an AI turn is allowed, so a long agentic run started
 * by a single prompt can still be compressed.
 */
function isCleanCut(history: readonly IContent[], index: number): boolean {
  const entry = history[index];
  return entry !== undefined && entry.speaker !== 'tool';
}

/**
 * The trimming fallback when no summary can be had: drops whole exchanges from the oldest end until
 * the history fits `budget` tokens, never leaving a tool response without its call. Returns the
 * index of the first entry to keep.
 */
export function findTrimPoint(history: readonly IContent[], tokens: readonly number[], budget: number): number {
  let total = tokens.reduce((sum, value) => sum + value, 0);
  let start = 0;
  while (total > budget && start < history.length - 1) {
    total -= tokens[start] ?? 0;
    start += 1;
    while (start < history.length - 1 && !isCleanCut(history, start)) {
      total -= tokens[start] ?? 0;
      start += 1;
    }
  }
  return start;
}
