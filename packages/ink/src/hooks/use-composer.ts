import { useInput, type Key } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { CommandInfo } from '../app/session-controller.js';
import * as edit from '../components/composer/composer-buffer.js';
import { EMPTY_BUFFER, type ComposerBuffer } from '../components/composer/composer-buffer.js';
import {
  commandCompletions, expandPastes, PASTE_COLLAPSE_CHARS, PASTE_COLLAPSE_LINES, pastePlaceholder, pathCompletions,
  type Completion,
} from '../components/composer/completions.js';

export interface ComposerOptions {
  history: readonly string[];
  commands: readonly CommandInfo[];
  completePath?: ((prefix: string, signal: AbortSignal) => Promise<string[]>) | undefined;
  /** The text with pastes expanded; `shell` when typed in shell mode. */
  onSubmit(text: string, shell: boolean): void;
  /** Ctrl+C with nothing to clear. */
  onInterrupt(): void;
  /** Esc with nothing to clear or close. */
  onEscape(): void;
  active: boolean;
}

export interface ReverseSearch {
  query: string;
  /** Index into history of the current match, if any. */
  match: number | undefined;
  matchText?: string;
}

export interface ComposerView {
  buffer: ComposerBuffer;
  shell: boolean;
  search: ReverseSearch | undefined;
  completions: Completion[];
  selected: number;
}

function findMatch(history: readonly string[], query: string, before: number): number | undefined {
  if (query === '') return undefined;
  for (let index = Math.min(before, history.length) - 1; index >= 0; index--) {
    if (history[index]?.includes(query)) return index;
  }
  return undefined;
}

/** Ctrl/Meta editing keys; returns undefined when the key is not one of them. */
function editingKey(buffer: ComposerBuffer, input: string, key: Key): ComposerBuffer | undefined {
  if (key.ctrl) {
    const byLetter: Record<string, (value: ComposerBuffer) => ComposerBuffer> = {
      a: edit.moveLineStart, e: edit.moveLineEnd, k: edit.killToLineEnd, u: edit.killToLineStart,
      w: edit.deleteWordBefore, d: edit.deleteForward, b: edit.moveLeft, f: edit.moveRight,
    };
    const operation = byLetter[input];
    if (operation) return operation(buffer);
    if (key.leftArrow) return edit.moveWordLeft(buffer);
    if (key.rightArrow) return edit.moveWordRight(buffer);
    return undefined;
  }
  if (key.meta && (input === 'b' || key.leftArrow)) return edit.moveWordLeft(buffer);
  if (key.meta && (input === 'f' || key.rightArrow)) return edit.moveWordRight(buffer);
  if (key.leftArrow) return edit.moveLeft(buffer);
  if (key.rightArrow) return edit.moveRight(buffer);
  if (key.home) return edit.moveLineStart(buffer);
  if (key.end) return edit.moveLineEnd(buffer);
  if (key.backspace || key.delete) return edit.backspace(buffer);
  return undefined;
}

/** The composer's state and keys: editing, history, reverse search, completion, pastes, shell mode. */
export function useComposer(options: ComposerOptions): ComposerView {
  const [buffer, setBufferState] = useState<ComposerBuffer>(EMPTY_BUFFER);
  // Keys can arrive faster than renders; handlers read the latest buffer, not the rendered one.
  const latest = useRef<ComposerBuffer>(EMPTY_BUFFER);
  const setBuffer = (next: ComposerBuffer) => {
    latest.current = next;
    setBufferState(next);
  };
  const [shell, setShell] = useState(false);
  const [search, setSearch] = useState<ReverseSearch | undefined>();
  const [completions, setCompletions] = useState<Completion[]>([]);
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();
  const history = useRef<{ index: number | undefined; draft: string }>({ index: undefined, draft: '' });
  const pastes = useRef(new Map<string, string>());
  const { token, start } = edit.tokenAtCursor(buffer);
  const { completePath, commands } = options;

  useEffect(() => {
    setSelected(0);
    if (token === dismissed) return setCompletions([]);
    if (token.startsWith('/') && start === 0 && !shell) return setCompletions(commandCompletions(token, commands).slice(0, 8));
    if (!token.startsWith('@') || completePath === undefined) return setCompletions([]);
    const controller = new AbortController();
    completePath(token.slice(1), controller.signal).then(
      (paths) => { if (!controller.signal.aborted) setCompletions(pathCompletions(paths.slice(0, 8))); },
      () => { if (!controller.signal.aborted) setCompletions([]); },
    );
    return () => controller.abort();
  }, [token, start, shell, commands, completePath, dismissed]);

  const reset = () => {
    setBuffer(EMPTY_BUFFER);
    pastes.current.clear();
    history.current = { index: undefined, draft: '' };
  };

  const submit = () => {
    const text = expandPastes(latest.current.text, pastes.current);
    if (text.trim() === '') return;
    options.onSubmit(text, shell);
    reset();
  };

  const recall = (direction: -1 | 1) => {
    const moved = edit.moveVertical(latest.current, direction);
    if (moved) return setBuffer(moved);
    const { history: entries } = options;
    const state = history.current;
    const current = state.index ?? entries.length;
    const next = Math.min(entries.length, Math.max(0, current + direction));
    if (next === current) return;
    if (state.index === undefined) state.draft = latest.current.text;
    state.index = next === entries.length ? undefined : next;
    setBuffer(edit.bufferOf(next === entries.length ? state.draft : (entries[next] ?? '')));
  };

  const paste = (raw: string) => {
    const text = raw.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
    if (text.split('\n').length <= PASTE_COLLAPSE_LINES && text.length <= PASTE_COLLAPSE_CHARS) return setBuffer(edit.insert(latest.current, text));
    const placeholder = pastePlaceholder(text, pastes.current.size + 1);
    pastes.current.set(placeholder, text);
    setBuffer(edit.insert(latest.current, placeholder));
  };

  const searchKey = (active: ReverseSearch, input: string, key: Key) => {
    if (key.escape || (key.ctrl && input === 'c')) return setSearch(undefined);
    if (key.return) {
      setSearch(undefined);
      if (active.match !== undefined) setBuffer(edit.bufferOf(options.history[active.match] ?? ''));
      return;
    }
    if (key.ctrl && input === 'r') return setSearch({ ...active, match: findMatch(options.history, active.query, active.match ?? options.history.length) ?? active.match });
    const query = key.backspace || key.delete ? active.query.slice(0, -1) : key.ctrl || key.meta ? active.query : active.query + input;
    setSearch({ query, match: findMatch(options.history, query, options.history.length) });
  };

  const completionKey = (input: string, key: Key): boolean => {
    if (completions.length === 0) return false;
    if (key.upArrow || key.downArrow) {
      setSelected((index) => (index + (key.upArrow ? -1 : 1) + completions.length) % completions.length);
      return true;
    }
    if (key.tab || key.return) {
      const choice = completions[selected];
      if (choice) setBuffer(edit.replaceToken(latest.current, choice.value));
      setDismissed(choice?.value.trim());
      return true;
    }
    if (key.escape) {
      setDismissed(token);
      return true;
    }
    return false;
  };

  const newline = () => setBuffer(edit.insert(latest.current, '\n'));

  useInput(
    (input, key) => {
      if (search) return searchKey(search, input, key);
      if (completionKey(input, key)) return;
      if (key.ctrl && input === 'c') return latest.current.text === '' ? options.onInterrupt() : reset();
      if (key.escape) return latest.current.text === '' && !shell ? options.onEscape() : (reset(), setShell(false));
      if (key.return && (key.shift || key.meta)) return newline();
      if (input === '\n') return newline();
      if (key.return) {
        if (latest.current.text[latest.current.cursor - 1] === '\\') return setBuffer(edit.insert(edit.backspace(latest.current), '\n'));
        return submit();
      }
      if (key.ctrl && input === 'r') return setSearch({ query: '', match: undefined });
      if (key.upArrow || key.downArrow) return key.shift ? undefined : recall(key.upArrow ? -1 : 1);
      if ((key.backspace || key.delete) && latest.current.text === '' && shell) return setShell(false);
      const edited = editingKey(latest.current, input, key);
      if (edited) return setBuffer(edited);
      if (key.ctrl || key.meta || key.tab || key.pageUp || key.pageDown || input === '') return;
      if (input === '!' && latest.current.text === '') return setShell((value) => !value);
      // Keys typed faster than they are read arrive as one chunk; a single trailing CR is Enter.
      if (/^[^\r\n]+\r$/.test(input)) {
        setBuffer(edit.insert(latest.current, input.slice(0, -1)));
        return submit();
      }
      if (input.length > 1 && /[\r\n]/.test(input)) return paste(input);
      setBuffer(edit.insert(latest.current, input));
    },
    { isActive: options.active },
  );

  const shownSearch = search?.match === undefined ? search : { ...search, matchText: options.history[search.match] ?? '' };
  return { buffer, shell, search: shownSearch, completions, selected };
}
