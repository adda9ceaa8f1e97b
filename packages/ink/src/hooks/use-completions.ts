import type { Key } from 'ink';
import { useEffect } from 'react';
import type { CommandInfo } from '../app/session-controller.js';
import { commandCompletions, pathCompletions, type Completion } from '../components/composer/completions.js';
import { visibleRange } from '../components/dialogs/select-items.js';
import { useLatestState } from './use-latest-state.js';

export interface CompletionOptions {
  /** The token at the cursor and where it starts, as drawn. */
  token: string;
  start: number;
  shell: boolean;
  /** The same as of the last key, which may not be drawn yet ("/mo⇥" in one read). */
  latest(): { token: string; start: number; shell: boolean };
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
  const [listed, setListed, latestListed] = useLatestState<{ token: string; items: Completion[] }>({ token: '', items: NONE });
  const [selected, setSelected, latestSelected] = useLatestState(0);
  const [dismissed, setDismissed, latestDismissed] = useLatestState<string | undefined>(undefined);

  useEffect(() => {
    const list = (items: Completion[]) => setListed({ token, items });
    setSelected(0);
    if (token === dismissed) return list(NONE);
    if (isCommandToken(token, start, shell)) return list(commandCompletions(token, commands));
    if (!token.startsWith('@') || completePath === undefined) return list(NONE);
    const controller = new AbortController();
    completePath(token.slice(1), controller.signal).then(
      (paths) => { if (!controller.signal.aborted) list(pathCompletions(paths.slice(0, MAX_PATHS))); },
      () => { if (!controller.signal.aborted) list(NONE); },
    );
    return () => controller.abort();
  }, [token, start, shell, commands, completePath, dismissed]);

  /**
   * The suggestions for the token as of the last key: commands are listed at once; paths only
   * once the completer has answered for this very token (a stale list must not be chosen from).
   */
  const current = (): { token: string; items: Completion[]; selected: number } => {
    const now = options.latest();
    const { token: listedFor, items } = latestListed();
    if (now.token === latestDismissed()) return { token: now.token, items: NONE, selected: 0 };
    if (now.token === listedFor) return { token: now.token, items, selected: latestSelected() };
    if (isCommandToken(now.token, now.start, now.shell)) return { token: now.token, items: commandCompletions(now.token, commands), selected: 0 };
    return { token: now.token, items: NONE, selected: 0 };
  };

  /** Tab or Enter: the selected suggestion replaces the token; false when Enter should send instead. */
  const accept = (key: Key, shown: ReturnType<typeof current>): boolean => {
    const choice = shown.items[shown.selected];
    // Enter on a command already typed in full runs it instead of completing it again.
    if (key.return && choice?.value.trim() === shown.token) return false;
    if (choice) options.choose(choice.value);
    setDismissed(choice?.value.trim());
    return true;
  };

  /** Handles ↑↓, Tab/Enter and Esc while suggestions show; false when the key is not for them. */
  const handleKey = (key: Key): boolean => {
    const shown = current();
    const count = shown.items.length;
    if (count === 0) return false;
    if (key.upArrow || key.downArrow) {
      setSelected((shown.selected + (key.upArrow ? -1 : 1) + count) % count);
      return true;
    }
    if (key.tab || key.return) return accept(key, shown);
    if (key.escape) {
      setDismissed(shown.token);
      return true;
    }
    return false;
  };

  // The last list stays drawn until the next one is in, so the rows under the prompt do not blink while typing.
  const completions = listed.items;
  const range = visibleRange(completions.length, selected, VISIBLE);
  const view: CompletionView = {
    completions: completions.slice(range.start, range.end),
    selected: selected - range.start,
    above: range.start,
    below: completions.length - range.end,
  };
  return { view, handleKey };
}

/** A `/command` being typed at the start of a prompt (not in shell mode). */
function isCommandToken(token: string, start: number, shell: boolean): boolean {
  return token.startsWith('/') && start === 0 && !shell;
}
