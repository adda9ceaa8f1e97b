import type { Key } from 'ink';
import * as edit from './composer-buffer.js';
import type { ComposerBuffer } from './composer-buffer.js';

const CTRL_LETTERS: Record<string, (value: ComposerBuffer) => ComposerBuffer> = {
  a: edit.moveLineStart, e: edit.moveLineEnd, k: edit.killToLineEnd, u: edit.killToLineStart,
  w: edit.deleteWordBefore, d: edit.deleteForward, b: edit.moveLeft, f: edit.moveRight,
};

/** Cursor movement and deletion keys (Ctrl/Meta letters, arrows, Home/End, Backspace); undefined for any other key. */
export function editingKey(buffer: ComposerBuffer, input: string, key: Key): ComposerBuffer | undefined {
  if (key.ctrl) {
    const operation = CTRL_LETTERS[input];
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

/**
 * The keys that break the line instead of sending: Shift+Enter or Alt+Enter, Ctrl+J (a line feed),
 * and Enter right after a `\`, which takes the backslash's place.
 */
export function lineBreakKey(buffer: ComposerBuffer, input: string, key: Key): ComposerBuffer | undefined {
  if ((key.return && (key.shift || key.meta)) || input === '\n') return edit.insert(buffer, '\n');
  if (key.return && buffer.text[buffer.cursor - 1] === '\\') return edit.insert(edit.backspace(buffer), '\n');
  return undefined;
}

/** The text a key types, or undefined for keys that type nothing (modified keys, Tab, paging). */
export function typedText(input: string, key: Key): string | undefined {
  if (key.ctrl || key.meta || key.tab || key.pageUp || key.pageDown || input === '') return undefined;
  return input;
}
