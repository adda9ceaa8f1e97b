import type { Key } from 'ink';
import { useEffect, useState } from 'react';
import type { CommandInfo } from '../app/session-controller.js';
import { commandCompletions, pathCompletions, type Completion } from '../components/composer/completions.js';

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

const NONE: Completion[] = [];

/**
 * `/` and `@` completion under the composer. Path completion is asynchronous and aborted when the
 * token changes, so typing never waits on a crawl of the workspace.
 */
export function useCompletions(options: CompletionOptions) {
  const { token, start, shell, commands, completePath } = options;
  const [completions, setCompletions] = useState<Completion[]>(NONE);
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();

  useEffect(() => {
    setSelected(0);
    if (token === dismissed) return setCompletions(NONE);
    if (token.startsWith('/') && start === 0 && !shell) return setCompletions(commandCompletions(token, commands).slice(0, 8));
    if (!token.startsWith('@') || completePath === undefined) return setCompletions(NONE);
    const controller = new AbortController();
    completePath(token.slice(1), controller.signal).then(
      (paths) => { if (!controller.signal.aborted) setCompletions(pathCompletions(paths.slice(0, 8))); },
      () => { if (!controller.signal.aborted) setCompletions(NONE); },
    );
    return () => controller.abort();
  }, [token, start, shell, commands, completePath, dismissed]);

  /** Handles ↑↓, Tab/Enter and Esc while suggestions show; false when the key is not for them. */
  const handleKey = (key: Key): boolean => {
    if (completions.length === 0) return false;
    if (key.upArrow || key.downArrow) {
      setSelected((index) => (index + (key.upArrow ? -1 : 1) + completions.length) % completions.length);
      return true;
    }
    if (key.tab || key.return) {
      const choice = completions[selected];
      // Enter on a command already typed in full runs it instead of completing it again.
      if (key.return && choice?.value.trim() === token) return false;
      if (choice) options.choose(choice.value);
      setDismissed(choice?.value.trim());
      return true;
    }
    if (key.escape) {
      setDismissed(token);
      return true;
    }
    return false;
  };

  return { completions, selected, handleKey };
}
