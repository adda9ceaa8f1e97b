import { useEffect } from 'react';
import type { HistoryItem } from '../../state/history-items.js';
import { itemRows, type RenderContext } from './render-item.js';

/** How long one slice of background rendering may hold the event loop (keys wait behind it). */
const SLICE_MS = 8;

/**
 * The full-screen view renders only what is on screen; this fills the row cache for the rest in
 * small slices while nothing else is happening (no turn running), newest first, so the first
 * PgUp or search after a long answer finds the rows ready instead of rendering them then.
 */
export function usePrewarmedRows(items: readonly HistoryItem[], context: RenderContext, active: boolean): void {
  const { theme, width, thinkingExpanded } = context;
  useEffect(() => {
    if (!active) return undefined;
    const warmContext = { theme, width, thinkingExpanded, now: Date.now() };
    let index = items.length - 1;
    let timer: NodeJS.Timeout | undefined;
    const slice = () => {
      const deadline = performance.now() + SLICE_MS;
      for (; index >= 0 && performance.now() < deadline; index--) {
        const item = items[index];
        if (item?.done) itemRows(item, warmContext);
      }
      timer = index >= 0 ? setTimeout(slice, 1) : undefined;
    };
    timer = setTimeout(slice, 50);
    return () => clearTimeout(timer);
  }, [items, theme, width, thinkingExpanded, active]);
}
