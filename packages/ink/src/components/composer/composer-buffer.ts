/**
 * The composer's text and cursor as plain data with pure editing operations, so every editing key
 * is testable without a terminal. The cursor is an offset into `text`; moves step over whole
 * graphemes, so an emoji sequence or an accented letter is one step.
 */
export interface ComposerBuffer {
  readonly text: string;
  readonly cursor: number;
}

export const EMPTY_BUFFER: ComposerBuffer = { text: '', cursor: 0 };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function previousBoundary(text: string, cursor: number): number {
  let previous = 0;
  for (const { index } of segmenter.segment(text)) {
    if (index >= cursor) break;
    previous = index;
  }
  return previous;
}

function nextBoundary(text: string, cursor: number): number {
  for (const { index, segment } of segmenter.segment(text)) {
    if (index >= cursor) return index + segment.length;
  }
  return text.length;
}

export function bufferOf(text: string): ComposerBuffer {
  return { text, cursor: text.length };
}

export function insert(buffer: ComposerBuffer, value: string): ComposerBuffer {
  const { text, cursor } = buffer;
  return { text: text.slice(0, cursor) + value + text.slice(cursor), cursor: cursor + value.length };
}

export function backspace(buffer: ComposerBuffer): ComposerBuffer {
  if (buffer.cursor === 0) return buffer;
  const start = previousBoundary(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

export function deleteForward(buffer: ComposerBuffer): ComposerBuffer {
  if (buffer.cursor >= buffer.text.length) return buffer;
  const end = nextBoundary(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, buffer.cursor) + buffer.text.slice(end), cursor: buffer.cursor };
}

export function moveLeft(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: previousBoundary(buffer.text, buffer.cursor) };
}

export function moveRight(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: nextBoundary(buffer.text, buffer.cursor) };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end === -1 ? text.length : end;
}

export function moveLineStart(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: lineStart(buffer.text, buffer.cursor) };
}

export function moveLineEnd(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: lineEnd(buffer.text, buffer.cursor) };
}

function wordStartBefore(text: string, cursor: number): number {
  let index = cursor;
  while (index > 0 && /\s/.test(text[index - 1] ?? '')) index--;
  while (index > 0 && !/\s/.test(text[index - 1] ?? '')) index--;
  return index;
}

export function moveWordLeft(buffer: ComposerBuffer): ComposerBuffer {
  return { ...buffer, cursor: wordStartBefore(buffer.text, buffer.cursor) };
}

export function moveWordRight(buffer: ComposerBuffer): ComposerBuffer {
  const { text } = buffer;
  let index = buffer.cursor;
  while (index < text.length && /\s/.test(text[index] ?? '')) index++;
  while (index < text.length && !/\s/.test(text[index] ?? '')) index++;
  return { ...buffer, cursor: index };
}

/** Ctrl+W: deletes the word before the cursor. */
export function deleteWordBefore(buffer: ComposerBuffer): ComposerBuffer {
  const start = wordStartBefore(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

/** Ctrl+K: deletes to the end of the line (or the line break when already there). */
export function killToLineEnd(buffer: ComposerBuffer): ComposerBuffer {
  const end = lineEnd(buffer.text, buffer.cursor);
  const cut = end === buffer.cursor && end < buffer.text.length ? end + 1 : end;
  return { text: buffer.text.slice(0, buffer.cursor) + buffer.text.slice(cut), cursor: buffer.cursor };
}

/** Ctrl+U: deletes to the start of the line. */
export function killToLineStart(buffer: ComposerBuffer): ComposerBuffer {
  const start = lineStart(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

/** Up/Down inside multi-line text; undefined on the first/last line, where history takes over. */
export function moveVertical(buffer: ComposerBuffer, direction: -1 | 1): ComposerBuffer | undefined {
  const { text, cursor } = buffer;
  const start = lineStart(text, cursor);
  const column = cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const previousStart = lineStart(text, start - 1);
    return { ...buffer, cursor: Math.min(previousStart + column, start - 1) };
  }
  const end = lineEnd(text, cursor);
  if (end === text.length) return undefined;
  const nextStart = end + 1;
  return { ...buffer, cursor: Math.min(nextStart + column, lineEnd(text, nextStart)) };
}

/** The token the cursor is in, for `@` and `/` completion. */
export function tokenAtCursor(buffer: ComposerBuffer): { start: number; token: string } {
  const start = wordStartBefore(buffer.text, buffer.cursor);
  const before = buffer.text.slice(start, buffer.cursor);
  return /\s/.test(before) ? { start: buffer.cursor, token: '' } : { start, token: before };
}

/** Replaces the token at the cursor with `replacement`. */
export function replaceToken(buffer: ComposerBuffer, replacement: string): ComposerBuffer {
  const { start } = tokenAtCursor(buffer);
  const text = buffer.text.slice(0, start) + replacement + buffer.text.slice(buffer.cursor);
  return { text, cursor: start + replacement.length };
}
