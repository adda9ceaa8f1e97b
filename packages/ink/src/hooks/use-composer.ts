import { useRef } from 'react';
import { useLatestState } from './use-latest-state.js';
import { usePromptHistory } from './use-prompt-history.js';
import type { CommandInfo } from '../app/session-controller.js';
import * as edit from '../components/composer/composer-buffer.js';
import { EMPTY_BUFFER, type ComposerBuffer } from '../components/composer/composer-buffer.js';
import { expandPastes, PASTE_COLLAPSE_CHARS, PASTE_COLLAPSE_LINES, pastePlaceholder, type Completion } from '../components/composer/completions.js';
import { editingKey } from '../components/composer/editing-keys.js';
import type { KeyPress } from './key-events.js';
import { useCompletions } from './use-completions.js';
import { useKeys } from './use-keys.js';
import { useReverseSearch, type ReverseSearch } from './use-reverse-search.js';

export type { ReverseSearch } from './use-reverse-search.js';

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
  /** Ctrl+X: edits the text in `$EDITOR`; resolves with the new text, or undefined to keep it. */
  onExternalEdit?(text: string): Promise<string | undefined>;
  /** Whether keys go to the composer; asked at each key (a dialog may have opened since the last render). */
  active: boolean | (() => boolean);
}

export interface ComposerView {
  buffer: ComposerBuffer;
  shell: boolean;
  search: ReverseSearch | undefined;
  completions: Completion[];
  selected: number;
}

/** Inserts pasted text; a large paste goes in as one placeholder that submit expands again. */
function pasteInto(buffer: ComposerBuffer, raw: string, pastes: Map<string, string>): ComposerBuffer {
  const text = raw.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
  if (text.split('\n').length <= PASTE_COLLAPSE_LINES && text.length <= PASTE_COLLAPSE_CHARS) return edit.insert(buffer, text);
  const placeholder = pastePlaceholder(text, pastes.size + 1);
  pastes.set(placeholder, text);
  return edit.insert(buffer, placeholder);
}

/** The composer's state and keys: editing, history, reverse search, completion, pastes, shell mode. */
export function useComposer(options: ComposerOptions): ComposerView {
  const [renderedBuffer, setBuffer, latestBuffer] = useLatestState<ComposerBuffer>(EMPTY_BUFFER);
  const [renderedShell, setShellState, latestShell] = useLatestState(false);
  const setShell = (next: boolean | ((value: boolean) => boolean)) => setShellState(typeof next === 'function' ? next(latestShell()) : next);
  const history = usePromptHistory(options.history);
  const pastes = useRef(new Map<string, string>());
  const { token, start } = edit.tokenAtCursor(renderedBuffer);
  const search = useReverseSearch(options.history, (text) => setBuffer(edit.bufferOf(text)));
  const completion = useCompletions({
    token, start, shell: renderedShell, commands: options.commands, completePath: options.completePath,
    choose: (value) => setBuffer(edit.replaceToken(latestBuffer(), value)),
  });

  const reset = () => {
    setBuffer(EMPTY_BUFFER);
    pastes.current.clear();
    history.reset();
  };

  const submit = (text: string) => {
    const expanded = expandPastes(text, pastes.current);
    if (expanded.trim() === '') return;
    options.onSubmit(expanded, latestShell());
    reset();
  };

  const recall = (direction: -1 | 1) => {
    const next = history.step(latestBuffer(), direction);
    if (next) setBuffer(next);
  };

  const paste = (raw: string) => setBuffer(pasteInto(latestBuffer(), raw, pastes.current));

  const externalEdit = () => {
    const edited = options.onExternalEdit?.(expandPastes(latestBuffer().text, pastes.current));
    void edited?.then((text) => {
      if (text === undefined) return;
      pastes.current.clear();
      setBuffer(edit.bufferOf(text.replace(/\n$/, '')));
    });
  };

  /** Ctrl+R reverse search, Ctrl+X the editor; other Ctrl keys are editing keys. */
  const controlKey = (input: string): boolean => (input === 'r' ? (search.open(), true) : input === 'x' ? (externalEdit(), true) : false);

  /** Enter, line breaks and the control keys that act on the whole prompt; true when handled. */
  const promptKey = (input: string, key: KeyPress): boolean => {
    const buffer = latestBuffer();
    const shell = latestShell();
    if (key.ctrl && input === 'c') return (buffer.text === '' ? options.onInterrupt() : reset(), true);
    if (key.escape) return (buffer.text === '' && !shell ? options.onEscape() : (reset(), setShell(false)), true);
    if (key.ctrl) return controlKey(input);
    if ((key.return && (key.shift || key.meta)) || input === '\n') return (setBuffer(edit.insert(buffer, '\n')), true);
    if (key.return) {
      if (buffer.text[buffer.cursor - 1] === '\\') setBuffer(edit.insert(edit.backspace(buffer), '\n'));
      else submit(buffer.text);
      return true;
    }
    if (key.upArrow || key.downArrow) return (key.shift ? undefined : recall(key.upArrow ? -1 : 1), true);
    return false;
  };

  const textKey = (input: string, key: KeyPress) => {
    const buffer = latestBuffer();
    const shell = latestShell();
    if ((key.backspace || key.delete) && buffer.text === '' && shell) return setShell(false);
    const edited = editingKey(buffer, input, key);
    if (edited) return setBuffer(edited);
    if (key.ctrl || key.meta || key.tab || key.pageUp || key.pageDown || input === '') return;
    if (input === '!' && buffer.text === '') return setShell((value) => !value);
    // Without bracketed paste, a line break inside a chunk means it was pasted.
    if (input.length > 1 && /[\r\n]/.test(input.slice(0, -1))) return paste(input);
    if (/^[^\r\n]+\r$/.test(input)) return submit(edit.insert(buffer, input.slice(0, -1)).text);
    setBuffer(edit.insert(buffer, input));
  };

  useKeys(
    (input, key) => {
      const active = search.latest();
      if (active) return search.handleKey(active, input, key);
      if (key.paste) return paste(input);
      if (key.wheel !== undefined || completion.handleKey(key)) return;
      if (!promptKey(input, key)) textKey(input, key);
    },
    { isActive: options.active },
  );

  return { buffer: renderedBuffer, shell: renderedShell, search: search.search, completions: completion.completions, selected: completion.selected };
}
