import stringWidth from 'string-width';
import { stripVTControlCharacters } from 'node:util';

/**
 * Inline mode and rows wider than the terminal. Ink erases the last frame by counting its lines,
 * but a line wider than the terminal takes more than one row: after a narrowing resize (most
 * terminals re-wrap what is on screen) and in the frame drawn at the new width before the layout
 * has caught up. The rows Ink does not count stay behind in the scrollback. This watches the
 * frames Ink writes and lengthens the erase before the next one by the rows they really took.
 */
const ERASE_LINE = '\u001B[2K';
const CURSOR_UP = '\u001B[1A';
const CURSOR_LEFT = '\u001B[G';
/** log-update's erase: erase-line and cursor-up pairs, then back to the first column. */
// eslint-disable-next-line no-control-regex -- reading Ink's own cursor sequences is this module's job
const ERASE = /(?:\u001B\[2K(?:\u001B\[1A)?)+\u001B\[G/u;
/** What a write before a frame may start with: moves back to the bottom, then the erase. */
// eslint-disable-next-line no-control-regex -- as above
const MOVES = /^(?:\u001B\[\d*[ABEFG]|\u001B\[2K)*/u;

function eraseLines(count: number): string {
  let out = '';
  for (let index = 0; index < count; index++) out += ERASE_LINE + (index < count - 1 ? CURSOR_UP : '');
  return out + CURSOR_LEFT;
}

export class ReflowEraser {
  /** The lines of the last frame, as written. */
  private frame: string[] = [];
  private extra = 0;

  constructor(private readonly columns: () => number) {}

  /** Notes a frame Ink wrote (a write with line breaks that is not only moves and erases). */
  observe(chunk: string): void {
    if (!chunk.includes('\n')) return;
    const body = chunk.replace(MOVES, '');
    const lines = body.split('\n');
    if (body.endsWith('\n')) lines.pop();
    this.frame = lines;
    this.measure();
  }

  /** The terminal changed width: the last frame may now take more rows. */
  resized(): void {
    this.measure();
  }

  /** The write with Ink's erase lengthened by the rows its count misses; any other write as it is. */
  rewrite(chunk: string): string {
    if (this.extra === 0) return chunk;
    const moves = MOVES.exec(chunk)?.[0] ?? '';
    const erase = ERASE.exec(moves);
    if (!erase) return chunk;
    const counted = erase[0].split(ERASE_LINE).length - 1;
    const longer = eraseLines(counted + this.extra);
    this.extra = 0;
    return chunk.slice(0, erase.index) + longer + chunk.slice(erase.index + erase[0].length);
  }

  private measure(): void {
    const columns = this.columns();
    if (!(columns > 0)) return;
    let rows = 0;
    for (const line of this.frame) rows += Math.max(1, Math.ceil(stringWidth(stripVTControlCharacters(line)) / columns));
    this.extra = Math.max(0, rows - this.frame.length);
  }
}
