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
