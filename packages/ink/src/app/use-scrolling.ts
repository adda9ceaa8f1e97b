import { useInput } from 'ink';
import { useRef, useState } from 'react';
import type { TranscriptWindow } from '../components/transcript/transcript-window.js';

/**
 * Full-screen scrolling: PgUp/PgDn and Shift+↑/↓ move the view, Home/End jump (when the composer
 * is empty, where they would otherwise move the cursor). `scrollTop` undefined means "follow".
 */
export function useScrolling(active: boolean, height: number, composerEmpty: boolean) {
  const [scrollTop, setScrollTop] = useState<number | undefined>();
  const last = useRef<TranscriptWindow | undefined>(undefined);

  const moveBy = (delta: number) => {
    const window = last.current;
    if (!window) return;
    const maxTop = Math.max(0, window.totalRows - height);
    const top = Math.min(maxTop, Math.max(0, window.top + delta));
    setScrollTop(top >= maxTop ? undefined : top);
  };

  useInput(
    (_input, key) => {
      const page = Math.max(1, height - 2);
      if (key.pageUp) moveBy(-page);
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
    observe(window: TranscriptWindow) {
      last.current = window;
    },
  };
}
