import { ReflowEraser } from './reflow-eraser.js';
import { stdoutWith } from './stdout-proxy.js';

/**
 * Inline mode's way into the terminal's scrollback. Ink's `<Static>` builds every finished row
 * through its frame compositor, which re-parses each character of styled text: most of the CPU of
 * a long answer. These rows are final already. So `<Static>` is given a short marker per batch
 * instead, and the stream Ink writes to swaps each marker for its batch's rows as Ink writes them.
 * Ink still decides when: it erases the live area, writes the static part, then draws the new
 * frame, all in one synchronized update, exactly as for its own static output.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKERS = new RegExp(`^(?:${OPEN}[\\w-]+${CLOSE}\\n)+$`, 'u');
const MARKER = new RegExp(`${OPEN}([\\w-]+)${CLOSE}`, 'gu');

export class Scrollback {
  private readonly batches = new Map<string, string>();

  /** Keeps `rows` for the batch `key`; returns the marker the `<Static>` item draws. */
  hold(key: string, rows: readonly string[]): string {
    if (!this.batches.has(key)) this.batches.set(key, rows.length > 0 ? `${rows.join('\n')}\n` : '');
    return `${OPEN}${key}${CLOSE}`;
  }

  /** The rows for a write made only of markers, or undefined for any other write. */
  private expand(chunk: string): string | undefined {
    if (!chunk.startsWith(OPEN) || !MARKERS.test(chunk)) return undefined;
    let data = '';
    for (const [, key] of chunk.matchAll(MARKER)) {
      data += this.batches.get(key ?? '') ?? '';
      this.batches.delete(key ?? '');
    }
    return data;
  }

  /**
   * The stream to give Ink: `stdout` itself, except that marker writes become rows and an erase
   * covers the rows a too-wide frame really took (reflow-eraser.ts). Its resize listener is added
   * before Ink's, so it sees the new width first.
   */
  wrap(stdout: NodeJS.WriteStream): NodeJS.WriteStream {
    const reflow = new ReflowEraser(() => stdout.columns);
    stdout.on('resize', () => reflow.resized());
    const filter = (chunk: unknown): unknown => {
      if (typeof chunk !== 'string') return chunk;
      const rows = this.expand(chunk);
      if (rows !== undefined) return rows;
      const data = reflow.rewrite(chunk);
      reflow.observe(chunk);
      return data;
    };
    // Ink redraws a frame as tall as the terminal by clearing the screen and the scrollback
    // (\e[3J) and writing all static output again: inline mode must never lose the scrollback,
    // and the live area is kept shorter than the screen anyway. The real height is `realRows`.
    return stdoutWith(stdout, { filter, properties: { rows: () => Number.MAX_SAFE_INTEGER, realRows: () => stdout.rows } });
  }
}
