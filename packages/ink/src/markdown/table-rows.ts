import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/**
 * A markdown table drawn with box characters and fitted to `width`: columns keep their natural
 * width when the table fits; otherwise the widest columns give way first and their cells wrap, so
 * the borders never break (a table hard-wrapped after drawing turns into noise).
 */
export function tableRows(header: readonly string[], body: readonly (readonly string[])[], width: number, border: (text: string) => string = (text) => text): string[] {
  const columns = Math.max(header.length, ...body.map((row) => row.length));
  if (columns === 0) return [];
  const cell = (row: readonly string[], index: number) => row[index] ?? '';
  const natural = Array.from({ length: columns }, (_, index) => Math.max(1, ...[header, ...body].map((row) => widestLine(cell(row, index)))));
  const widths = fitColumns(natural, Math.max(columns * 2, width - (3 * columns + 1)));
  const line = (left: string, middle: string, right: string) => border(left + widths.map((size) => '─'.repeat(size + 2)).join(middle) + right);
  const rowLines = (row: readonly string[]) => {
    const cells = widths.map((size, index) => wrapAnsi(cell(row, index), size, { hard: true, trim: true }).split('\n'));
    const height = Math.max(...cells.map((lines) => lines.length));
    return Array.from({ length: height }, (_, lineIndex) =>
      border('│') + cells.map((lines, index) => ` ${pad(lines[lineIndex] ?? '', widths[index] ?? 1)} `).join(border('│')) + border('│'),
    );
  };
  return [line('┌', '┬', '┐'), ...rowLines(header), line('├', '┼', '┤'), ...body.flatMap(rowLines), line('└', '┴', '┘')];
}

function widestLine(text: string): number {
  return Math.max(0, ...text.split('\n').map((line) => stringWidth(line)));
}

function pad(text: string, size: number): string {
  return text + ' '.repeat(Math.max(0, size - stringWidth(text)));
}

/** Shrinks the widest column one step at a time until the total fits `room`. */
export function fitColumns(natural: readonly number[], room: number): number[] {
  const widths = [...natural];
  let total = widths.reduce((sum, size) => sum + size, 0);
  while (total > room) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= 2) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    total -= 1;
  }
  return widths;
}
