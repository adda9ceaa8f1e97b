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
  top: number;
  totalRows: number;
  /** Rows below the window: the "N new lines" marker while scrolled up. */
  hiddenBelow: number;
}

export function transcriptWindow(request: WindowRequest): TranscriptWindow {
  const { header, items, context, height } = request;
  const blocks = [header, ...items.map((item) => itemRows(item, context))];
  let totalRows = 0;
  for (const block of blocks) totalRows += block.length;
  const maxTop = Math.max(0, totalRows - height);
  const top = request.scrollTop === undefined ? maxTop : Math.min(Math.max(0, request.scrollTop), maxTop);
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
