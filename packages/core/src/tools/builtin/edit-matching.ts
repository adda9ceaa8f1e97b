/**
 * Finding `old_string` in a file for the edit tool: exact first, then a whitespace-tolerant match
 * used only when it is unambiguous, and the closest lines when nothing matches.
 */

/** The outcome of applying one replacement request to a text. */
export type EditOutcome =
  | { readonly ok: true; readonly text: string; readonly replacements: number; readonly fuzzy: boolean }
  | { readonly ok: false; readonly reason: 'no_match' | 'count_mismatch'; readonly found: number; readonly lines: number[] };

/** Replaces `oldString` by `newString` exactly `expected` times, or says why it cannot. */
export function applyEdit(text: string, oldString: string, newString: string, expected: number): EditOutcome {
  const exact = findAll(text, oldString);
  if (exact.length === expected) {
    return { ok: true, text: spliceAll(text, exact.map((index) => ({ index, length: oldString.length })), newString), replacements: expected, fuzzy: false };
  }
  if (exact.length > 0) return { ok: false, reason: 'count_mismatch', found: exact.length, lines: exact.map((index) => lineOf(text, index)) };
  const loose = findLoose(text, oldString);
  if (loose.length === expected) return { ok: true, text: spliceAll(text, loose, newString), replacements: expected, fuzzy: true };
  if (loose.length > 0) return { ok: false, reason: 'count_mismatch', found: loose.length, lines: loose.map((match) => lineOf(text, match.index)) };
  return { ok: false, reason: 'no_match', found: 0, lines: [] };
}

function findAll(text: string, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const index = text.indexOf(needle, from);
    if (index < 0) return found;
    found.push(index);
    from = index + needle.length;
  }
}

/**
 * Matches with every run of whitespace allowed to differ (indentation, trailing spaces, tabs), the
 * common reason a model's copy of a snippet fails to match.
 */
function findLoose(text: string, needle: string): Array<{ index: number; length: number }> {
  const tokens = needle.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return [];
  const escaped = tokens.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(escaped.join('\\s+'), 'g');
  return [...text.matchAll(pattern)].map((match) => ({ index: match.index, length: match[0].length }));
}

function spliceAll(text: string, matches: ReadonlyArray<{ index: number; length: number }>, replacement: string): string {
  let result = '';
  let cursor = 0;
  for (const { index, length } of matches) {
    result += text.slice(cursor, index) + replacement;
    cursor = index + length;
  }
  return result + text.slice(cursor);
}

/** 1-based line number of a character index. */
export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let cursor = text.indexOf('\n'); cursor >= 0 && cursor < index; cursor = text.indexOf('\n', cursor + 1)) line++;
  return line;
}

/**
 * The lines of `text` most like the first non-blank line of `needle`, by shared character bigrams,
 * so the model can see what the file really says.
 */
export function closestLines(text: string, needle: string, count = 3): Array<{ line: number; text: string }> {
  const probe = needle.split('\n').find((line) => line.trim() !== '')?.trim();
  if (!probe) return [];
  const probeGrams = bigrams(probe);
  return text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line, score: similarity(probeGrams, bigrams(line.trim())) }))
    .filter((candidate) => candidate.score > 0.3)
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(({ line, text: lineText }) => ({ line, text: lineText }));
}

function bigrams(value: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let index = 0; index < value.length - 1; index++) {
    const gram = value.slice(index, index + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient over bigram multisets. */
function similarity(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let total = 0;
  for (const count of a.values()) total += count;
  for (const count of b.values()) total += count;
  for (const [gram, count] of a) shared += Math.min(count, b.get(gram) ?? 0);
  return total === 0 ? 0 : (2 * shared) / total;
}
