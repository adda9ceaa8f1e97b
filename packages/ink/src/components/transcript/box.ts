import type { ChalkInstance } from 'chalk';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/**
 * A rounded box around rows, with an optional title in the top border (seed 000's
 * "╭─ Tool Call ───╮"). Content rows are wrapped to fit inside.
 */
export function boxRows(rows: string[], width: number, border: ChalkInstance, title = '', right = ''): string[] {
  const inner = Math.max(4, width - 4);
  const top = topBorder(inner + 2, border, title, right);
  const body = rows.flatMap((row) => wrapAnsi(row, inner, { hard: true, trim: false }).split('\n'));
  const lines = body.map((row) => `${border('│')} ${row}${' '.repeat(Math.max(0, inner - stringWidth(row)))} ${border('│')}`);
  return [top, ...lines, border(`╰${'─'.repeat(inner + 2)}╯`)];
}

function topBorder(span: number, border: ChalkInstance, title: string, right: string): string {
  const titleText = title === '' ? '' : ` ${title} `;
  const rightText = right === '' ? '' : ` ${right} `;
  const fill = span - 1 - stringWidth(titleText) - stringWidth(rightText);
  if (fill < 1) return border(`╭${'─'.repeat(span)}╮`);
  return `${border('╭─')}${titleText}${border('─'.repeat(fill))}${rightText}${border('╮')}`;
}

/** Fits one row to `width` columns, cutting with an ellipsis. */
export function truncateRow(row: string, width: number): string {
  if (stringWidth(row) <= width) return row;
  const [first = ''] = wrapAnsi(row, Math.max(1, width - 1), { hard: true, trim: false }).split('\n');
  return `${first}…`;
}
