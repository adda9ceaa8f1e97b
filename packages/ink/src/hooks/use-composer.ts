import { useRef } from 'react';
import { useLatestState } from './use-latest-state.js';
import { usePromptHistory } from './use-prompt-history.js';
import type { CommandInfo } from '../app/session-controller.js';
import * as edit from '../components/composer/composer-buffer.js';
import { EMPTY_BUFFER, type ComposerBuffer } from '../components/composer/composer-buffer.js';
import { argumentHint, expandPastes, PASTE_COLLAPSE_CHARS, PASTE_COLLAPSE_LINES, pastePlaceholder } from '../components/composer/completions.js';
import { editingKey, lineBreakKey, typedText } from '../components/composer/editing-keys.js';
import type { KeyPress } from './key-events.js';
import { useCompletions, type CompletionView } from './use-completions.js';
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

export interface ComposerView extends CompletionView {
  buffer: ComposerBuffer;
  shell: boolean;
  search: ReverseSearch | undefined;
  /** The arguments a command typed in full takes, while they are typed. */
  hint: string | undefined;
}

/** Inserts pasted text; a large paste goes in as one placeholder that submit expands again. */
function pasteInto(buffer: ComposerBuffer, raw: string, pastes: Map<string, string>): ComposerBuffer {
  const text = raw.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
  if (text.split('\n').length <= PASTE_COLLAPSE_LINES && text.length <= PASTE_COLLAPSE_CHARS) return edit.insert(buffer, text);
  const placeholder = pastePlaceholder(text, pastes.size + 1);
  pastes.set(placeholder, text);
  return edit.insert(buffer, placeholder);
}

/** Without bracketed paste a long chunk with a line break before its end can only have been pasted. */
function isUnbracketedPaste(input: string): boolean {
  return input.length > 1 && /[\r\n]/.test(input.slice(0, -1));
}

/** Ctrl+X: the prompt (pastes expanded) in `$EDITOR`; what was saved replaces it. */
function editExternally(onExternalEdit: ComposerOptions['onExternalEdit'], text: string, apply: (text: string) => void): void {
  void onExternalEdit?.(text).then((edited) => {
    if (edited !== undefined) apply(edited.replace(/\n$/, ''));
  });
}

/** The composer's state and keys: editing, history, reverse search, completion, pastes, shell mode. */
export function useComposer(options: ComposerOptions): ComposerView {
  const [renderedBuffer, setBuffer, latestBuffer] = useLatestState<ComposerBuffer>(EMPTY_BUFFER);
  const [renderedShell, setShell, latestShell] = useLatestState(false);
  const history = usePromptHistory(options.history);
  const pastes = useRef(new Map<string, string>());
  const { token, start } = edit.tokenAtCursor(renderedBuffer);
  const search = useReverseSearch(options.history, (text) => setBuffer(edit.bufferOf(text)));
  const completion = useCompletions({
    token, start, shell: renderedShell, commands: options.commands, completePath: options.completePath,
    latest: () => ({ ...edit.tokenAtCursor(latestBuffer()), shell: latestShell() }),
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

  const externalEdit = () =>
    editExternally(options.onExternalEdit, expandPastes(latestBuffer().text, pastes.current), (text) => {
      pastes.current.clear();
      setBuffer(edit.bufferOf(text));
    });

  /** Ctrl+C clears the prompt, or with nothing to clear interrupts (cancels the turn, then quits). */
  const interrupt = () => (latestBuffer().text === '' ? options.onInterrupt() : reset());

  /** Esc clears the prompt and leaves shell mode, or with nothing to clear cancels the turn. */
  const escape = () => {
    if (latestBuffer().text === '' && !latestShell()) return options.onEscape();
    reset();
    setShell(false);
  };

  /** Ctrl+R reverse search, Ctrl+X the editor; other Ctrl keys are editing keys. */
  const controlKey = (input: string): boolean => (input === 'r' ? (search.open(), true) : input === 'x' ? (externalEdit(), true) : false);

  /** Enter, line breaks and the keys that act on the whole prompt; true when handled. */
  const promptKey = (input: string, key: KeyPress): boolean => {
    if (key.ctrl && input === 'c') return (interrupt(), true);
    if (key.escape) return (escape(), true);
    if (key.ctrl) return controlKey(input);
    const broken = lineBreakKey(latestBuffer(), input, key);
    if (broken) return (setBuffer(broken), true);
    if (key.return) return (submit(latestBuffer().text), true);
    if (key.upArrow || key.downArrow) return (key.shift ? undefined : recall(key.upArrow ? -1 : 1), true);
    return false;
  };

  /** Typing: editing keys, `!` on an empty prompt toggles shell mode, Backspace on an empty one leaves it. */
  const textKey = (input: string, key: KeyPress) => {
    const buffer = latestBuffer();
    if ((key.backspace || key.delete) && buffer.text === '' && latestShell()) return setShell(false);
    const edited = editingKey(buffer, input, key);
    if (edited) return setBuffer(edited);
    const text = typedText(input, key);
    if (text === undefined) return;
    if (text === '!' && buffer.text === '') return setShell(!latestShell());
    if (isUnbracketedPaste(text)) return paste(text);
    if (/^[^\r\n]+\r$/.test(text)) return submit(edit.insert(buffer, text.slice(0, -1)).text);
    setBuffer(edit.insert(buffer, text));
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

  return {
    buffer: renderedBuffer,
    shell: renderedShell,
    search: search.search,
    hint: completion.view.completions.length === 0 ? argumentHint(renderedBuffer.text, options.commands) : undefined,
    ...completion.view,
  };
}
