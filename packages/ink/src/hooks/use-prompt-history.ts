import { useRef } from 'react';
import * as edit from '../components/composer/composer-buffer.js';
import type { ComposerBuffer } from '../components/composer/composer-buffer.js';

/**
 * Up/Down in the composer: moves between lines of a multi-line prompt, and past the first or last
 * line through the prompt history, keeping the unsent draft to come back to.
 */
export function usePromptHistory(entries: readonly string[]) {
  const position = useRef<{ index: number | undefined; draft: string }>({ index: undefined, draft: '' });
  return {
    /** The buffer after one step, or undefined when there is nowhere to go. */
    step(buffer: ComposerBuffer, direction: -1 | 1): ComposerBuffer | undefined {
      const moved = edit.moveVertical(buffer, direction);
      if (moved) return moved;
      const state = position.current;
      const current = state.index ?? entries.length;
      const next = Math.min(entries.length, Math.max(0, current + direction));
      if (next === current) return undefined;
      if (state.index === undefined) state.draft = buffer.text;
      state.index = next === entries.length ? undefined : next;
      return edit.bufferOf(next === entries.length ? state.draft : (entries[next] ?? ''));
    },
    reset() {
      position.current = { index: undefined, draft: '' };
    },
  };
}
