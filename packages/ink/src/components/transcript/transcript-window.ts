import type { HistoryItem } from '../../state/history-items.js';
import { itemRows, type RenderContext } from './render-item.js';
import { highlightRow } from './transcript-search.js';

/**
 * The full-screen transcript as a window of rows. Only the rows inside the window are handed to
 * Ink, so layout and drawing cost depend on the screen size, not on the length of the session;
 * finished items' rows come from the per-item cache.
 */
export interface WindowRequest {
  header: string[];
  items: readonly HistoryItem[];
  context: RenderContext;
  height: number;
  /** The first visible row, or undefined to follow the bottom. */
  scrollTop: number | undefined;
  /** A row to draw highlighted (the current search match). */
  highlight?: number | undefined;
}

export interface TranscriptWindow {
  rows: string[];
  /** The first visible row. While following the bottom, reading it measures every item. */
  readonly top: number;
  /** Rows in the whole transcript. While following the bottom, reading it measures every item. */
  readonly totalRows: number;
  /** Rows below the window: the "N new lines" marker while scrolled up. */
  hiddenBelow: number;
}

function measured(blocks: readonly string[][]): number {
  let total = 0;
  for (const block of blocks) total += block.length;
  return total;
}

/**
 * Following the bottom (the usual case, and always while an answer streams) needs only the items
 * that fill the screen, taken from the end; items above are not rendered at all. Where the view
 * sits in the whole transcript is worked out only if asked (a key that scrolls asks).
 */
function followingWindow(request: WindowRequest): TranscriptWindow {
  const { header, items, context, height } = request;
  const tail: string[][] = [];
  let collected = 0;
  for (let index = items.length - 1; index >= -1 && collected < height; index--) {
    const item = items[index];
    const block = item === undefined ? header : itemRows(item, context);
    tail.push(block);
    collected += block.length;
  }
  const rows = tail.reverse().flat().slice(-height);
  let total: number | undefined;
  const totalRows = () => (total ??= header.length + measured(items.map((item) => itemRows(item, context))));
  const window: TranscriptWindow = {
    rows,
    get top() {
      return Math.max(0, totalRows() - height);
    },
    get totalRows() {
      return totalRows();
    },
    hiddenBelow: 0,
  };
  const marked = request.highlight === undefined ? -1 : request.highlight - window.top;
  if (marked >= 0 && marked < rows.length) rows[marked] = highlightRow(rows[marked] ?? '');
  return window;
}

export function transcriptWindow(request: WindowRequest): TranscriptWindow {
  if (request.scrollTop === undefined) return followingWindow(request);
  const { header, items, context, height } = request;
  const blocks = [header, ...items.map((item) => itemRows(item, context))];
  const totalRows = measured(blocks);
  const maxTop = Math.max(0, totalRows - height);
  const top = Math.min(Math.max(0, request.scrollTop), maxTop);
  const rows: string[] = [];
  let start = 0;
  for (const block of blocks) {
    const end = start + block.length;
    if (end > top && start < top + height) {
      rows.push(...block.slice(Math.max(0, top - start), Math.min(block.length, top + height - start)));
    }
    if (end >= top + height) break;
    start = end;
  }
  const marked = request.highlight === undefined ? -1 : request.highlight - top;
  if (marked >= 0 && marked < rows.length) rows[marked] = highlightRow(rows[marked] ?? '');
  return { rows, top, totalRows, hiddenBelow: Math.max(0, totalRows - top - height) };
}

/** Every row of the transcript, for search (finished items come from the row cache). */
export function transcriptRows(header: readonly string[], items: readonly HistoryItem[], context: RenderContext): string[] {
  return [...header, ...items.flatMap((item) => itemRows(item, context))];
}
