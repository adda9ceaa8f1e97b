import type { Key } from 'ink';
import { useEffect, useState } from 'react';
import type { CommandInfo } from '../app/session-controller.js';
import { commandCompletions, pathCompletions, type Completion } from '../components/composer/completions.js';
import { visibleRange } from '../components/dialogs/select-items.js';
import { useLatestState } from './use-latest-state.js';

export interface CompletionOptions {
  /** The token at the cursor and where it starts. */
  token: string;
  start: number;
  shell: boolean;
  commands: readonly CommandInfo[];
  completePath?: ((prefix: string, signal: AbortSignal) => Promise<string[]>) | undefined;
  /** Replaces the token at the cursor with the chosen value. */
  choose(value: string): void;
}

/** What the composer draws under the prompt: a window of the suggestions around the selected one. */
export interface CompletionView {
  completions: Completion[];
  /** Index of the selected suggestion within `completions`. */
  selected: number;
  /** Suggestions above and below the window. */
  above: number;
  below: number;
}

const NONE: Completion[] = [];
/** Rows of suggestions drawn at once; ↑↓ scroll through the rest. */
const VISIBLE = 8;
/** Paths kept from one answer of the path completer. */
const MAX_PATHS = 50;

/**
 * `/` and `@` completion under the composer. Path completion is asynchronous and aborted when the
 * token changes, so typing never waits on a crawl of the workspace.
 */
export function useCompletions(options: CompletionOptions) {
  const { token, start, shell, commands, completePath } = options;
  const [completions, setCompletions, latestCompletions] = useLatestState<Completion[]>(NONE);
  const [selected, setSelected, latestSelected] = useLatestState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();

  useEffect(() => {
    setSelected(0);
    if (token === dismissed) return setCompletions(NONE);
    if (token.startsWith('/') && start === 0 && !shell) return setCompletions(commandCompletions(token, commands));
    if (!token.startsWith('@') || completePath === undefined) return setCompletions(NONE);
    const controller = new AbortController();
    completePath(token.slice(1), controller.signal).then(
      (paths) => { if (!controller.signal.aborted) setCompletions(pathCompletions(paths.slice(0, MAX_PATHS))); },
      () => { if (!controller.signal.aborted) setCompletions(NONE); },
    );
    return () => controller.abort();
  }, [token, start, shell, commands, completePath, dismissed]);

  /** Tab or Enter: the selected suggestion replaces the token; false when Enter should send instead. */
  const accept = (key: Key): boolean => {
    const choice = latestCompletions()[latestSelected()];
    // Enter on a command already typed in full runs it instead of completing it again.
    if (key.return && choice?.value.trim() === token) return false;
    if (choice) options.choose(choice.value);
    setDismissed(choice?.value.trim());
    return true;
  };

  /** Handles ↑↓, Tab/Enter and Esc while suggestions show; false when the key is not for them. */
  const handleKey = (key: Key): boolean => {
    const shown = latestCompletions();
    if (shown.length === 0) return false;
    if (key.upArrow || key.downArrow) {
      setSelected((latestSelected() + (key.upArrow ? -1 : 1) + shown.length) % shown.length);
      return true;
    }
    if (key.tab || key.return) return accept(key);
    if (key.escape) {
      setDismissed(token);
      return true;
    }
    return false;
  };

  const range = visibleRange(completions.length, selected, VISIBLE);
  const view: CompletionView = {
    completions: completions.slice(range.start, range.end),
    selected: selected - range.start,
    above: range.start,
    below: completions.length - range.end,
  };
  return { view, handleKey };
}
