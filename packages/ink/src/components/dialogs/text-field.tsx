import { Text, type Key } from 'ink';
import { backspace, insert, moveLeft, moveLineEnd, moveLineStart, moveRight, moveVertical, type ComposerBuffer } from '../composer/composer-buffer.js';

/** Cursor movement and deletion inside a field; undefined for any other key. */
function fieldMove(buffer: ComposerBuffer, input: string, key: Key, multiline: boolean): ComposerBuffer | undefined {
  if (key.backspace || key.delete) return backspace(buffer);
  if (key.leftArrow) return moveLeft(buffer);
  if (key.rightArrow) return moveRight(buffer);
  if (multiline && (key.upArrow || key.downArrow)) return moveVertical(buffer, key.upArrow ? -1 : 1) ?? buffer;
  if (key.ctrl && input === 'a') return moveLineStart(buffer);
  if (key.ctrl && input === 'e') return moveLineEnd(buffer);
  return undefined;
}

/** Editing keys of a one-field input inside a dialog; Enter and Esc are left to the dialog. */
export function editField(buffer: ComposerBuffer, input: string, key: Key & { paste?: boolean }, multiline = false): ComposerBuffer {
  const moved = fieldMove(buffer, input, key, multiline);
  if (moved) return moved;
  if (input === '\n') return multiline ? insert(buffer, '\n') : buffer;
  if (key.ctrl || key.meta || key.return || key.escape || key.tab || input === '') return buffer;
  const text = input.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
  return insert(buffer, multiline ? text : text.replaceAll('\n', key.paste ? '' : ' '));
}

/** A field's text with its cursor drawn inverse; `masked` shows one bullet per character. */
export function FieldText({ buffer, masked = false }: { buffer: ComposerBuffer; masked?: boolean }) {
  const text = masked ? '•'.repeat([...buffer.text].length) : buffer.text;
  const cursor = masked ? [...buffer.text.slice(0, buffer.cursor)].length : buffer.cursor;
  const under = text[cursor];
  // At a line's end the cursor is a space before the line break, not an inverse line break.
  const atLineEnd = under === undefined || under === '\n';
  return (
    <Text>
      {text.slice(0, cursor)}
      <Text inverse>{atLineEnd ? ' ' : under}</Text>
      {text.slice(atLineEnd ? cursor : cursor + 1)}
    </Text>
  );
}
