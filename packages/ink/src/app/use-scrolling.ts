import { useRef } from 'react';
import type { TranscriptWindow } from '../components/transcript/transcript-window.js';
import { useKeys } from '../hooks/use-keys.js';
import { useLatestState } from '../hooks/use-latest-state.js';

/** Rows one wheel step moves, as most terminals scroll their own scrollback. */
const WHEEL_ROWS = 3;

/**
 * Full-screen scrolling: PgUp/PgDn and Shift+↑/↓ and the mouse wheel move the view, Home/End jump (when the composer
 * is empty, where they would otherwise move the cursor). `scrollTop` undefined means "follow".
 */
export function useScrolling(active: boolean, height: number, composerEmpty: boolean) {
  const [scrollTop, setScrollTop, latestScrollTop] = useLatestState<number | undefined>(undefined);
  const last = useRef<TranscriptWindow | undefined>(undefined);

  /**
   * Moves from where the last key left the view, not from the last frame: keys that arrive in one
   * read (a held PgUp, a fast wheel) each move it, though React draws once after all of them.
   */
  const moveBy = (delta: number) => {
    const window = last.current;
    if (!window) return;
    const maxTop = Math.max(0, window.totalRows - height);
    const from = Math.min(maxTop, latestScrollTop() ?? maxTop);
    const top = Math.min(maxTop, Math.max(0, from + delta));
    setScrollTop(top >= maxTop ? undefined : top);
  };

  useKeys(
    (_input, key) => {
      const page = Math.max(1, height - 2);
      if (key.wheel !== undefined) moveBy(key.wheel * WHEEL_ROWS);
      else if (key.pageUp) moveBy(-page);
      else if (key.pageDown) moveBy(page);
      else if (key.shift && key.upArrow) moveBy(-1);
      else if (key.shift && key.downArrow) moveBy(1);
      else if (key.home && composerEmpty) setScrollTop(0);
      else if (key.end && composerEmpty) setScrollTop(undefined);
    },
    { isActive: active },
  );

  return {
    scrollTop,
    /** Shows the row `row` (a search match) near the top of the view. */
    reveal(row: number) {
      const window = last.current;
      if (!window) return;
      const maxTop = Math.max(0, window.totalRows - height);
      const top = Math.min(maxTop, Math.max(0, row - 2));
      setScrollTop(top >= maxTop ? undefined : top);
    },
    observe(window: TranscriptWindow) {
      last.current = window;
    },
  };
}
