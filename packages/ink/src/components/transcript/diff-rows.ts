import type { Palette } from '../../theme/paint.js';
import { sanitizeText } from '../../state/sanitize.js';

/**
 * A unified diff as coloured rows with line numbers: removed lines in the removal colour with their
 * old number, added lines with their new number, context dimmed. File headers are dropped (the box
 * title names the file); hunk headers become a thin separator.
 */
export function diffRows(diff: string, palette: Palette, maxRows = Number.POSITIVE_INFINITY): string[] {
  const lines = sanitizeText(diff).replace(/\n$/, '').split('\n');
  const numberWidth = Math.max(3, String(largestLineNumber(lines)).length);
  const rows: string[] = [];
  let oldLine = 0;
  let newLine = 0;
  let hunks = 0;
  for (const line of lines) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      if (hunks++ > 0) rows.push(palette.muted(`${' '.repeat(numberWidth)} ⋮`));
      continue;
    }
    if (line.startsWith('---') || line.startsWith('+++') || line.startsWith('diff ') || line.startsWith('index ')) continue;
    if (line.startsWith('\\')) continue;
    const number = (value: number) => String(value).padStart(numberWidth);
    if (line.startsWith('+')) rows.push(palette.diffAdded(`${number(newLine++)} + ${line.slice(1)}`));
    else if (line.startsWith('-')) rows.push(palette.diffRemoved(`${number(oldLine++)} - ${line.slice(1)}`));
    else if (line !== '' || hunks > 0) {
      rows.push(palette.muted(`${number(newLine)}   `) + line.slice(1));
      oldLine++;
      newLine++;
    }
  }
  if (rows.length > maxRows) {
    const hidden = rows.length - maxRows;
    return [...rows.slice(0, maxRows), palette.muted(`… ${hidden} more diff line${hidden === 1 ? '' : 's'}`)];
  }
  return rows;
}

function largestLineNumber(lines: string[]): number {
  let largest = 0;
  for (const line of lines) {
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk) continue;
    largest = Math.max(largest, Number(hunk[1]) + Number(hunk[2] ?? 1), Number(hunk[3]) + Number(hunk[4] ?? 1));
  }
  return largest;
}
