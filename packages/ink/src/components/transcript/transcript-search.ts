import { stripVTControlCharacters } from 'node:util';

/** Indexes of the rows whose visible text contains `query`, ignoring case. */
export function matchingRows(rows: readonly string[], query: string): number[] {
  const needle = query.toLowerCase();
  if (needle === '') return [];
  const matches: number[] = [];
  rows.forEach((row, index) => {
    if (stripVTControlCharacters(row).toLowerCase().includes(needle)) matches.push(index);
  });
  return matches;
}

/** A row drawn as the current match: its plain text in inverse video. */
export function highlightRow(row: string): string {
  return `\u001B[7m${stripVTControlCharacters(row)}\u001B[27m`;
}
