import type { Key } from 'ink';

/**
 * Pure helpers for the key router: recognising what Ink hands over for bracketed pastes and mouse
 * reports (Ink parses them as unknown escape sequences and strips the leading ESC), and splitting
 * keys that arrived together in one read so each is handled after the previous one took effect.
 */

/** A key as our handlers see it: Ink's key, plus what Ink itself does not parse. */
export interface KeyPress extends Key {
  /** The input is one whole bracketed paste; its newlines are text, never Enter. */
  paste: boolean;
  /** A mouse wheel step: -1 up, 1 down. */
  wheel?: -1 | 1;
}

export type KeyHandler = (input: string, key: KeyPress) => void;

const MOUSE_REPORT = /^\[<(\d+);\d+;\d+[Mm]$/;

/** The sequence without its ESC, however Ink handed it over. */
function withoutEscape(input: string): string {
  return input.startsWith('\u001B') ? input.slice(1) : input;
}

export function isPasteStart(input: string): boolean {
  return withoutEscape(input) === '[200~';
}

export function isPasteEnd(input: string): boolean {
  return withoutEscape(input) === '[201~';
}

/**
 * An SGR mouse report (`CSI < b ; x ; y M`): the wheel step it carries, 0 for any other mouse
 * event (clicks are swallowed so they never reach the composer as text), or undefined when the
 * input is not a mouse report.
 */
export function mouseReport(input: string): -1 | 0 | 1 | undefined {
  const match = MOUSE_REPORT.exec(withoutEscape(input));
  if (!match) return undefined;
  const button = Number(match[1]);
  if (button === 64) return -1;
  if (button === 65) return 1;
  return 0;
}

/** What a pasted chunk contributes to the paste text (Ink reports a lone CR or tab as a key). */
export function pastedText(input: string, key: Key): string {
  if (input !== '') return input;
  if (key.return) return '\r';
  if (key.tab) return '\t';
  return '';
}

/** Keys typed ahead of the reader arrive as one chunk; longer ones are treated as a paste. */
const TYPED_AHEAD_MAX = 64;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The separate keys inside a chunk that a person typed faster than alfred read it ("5because",
 * "ab\u007f", "fix it\r"), or undefined when the chunk is one key or looks like an unbracketed paste
 * (long, or with a line break before its end).
 */
export function typedAhead(input: string): string[] | undefined {
  if (input.length <= 1 || input.length > TYPED_AHEAD_MAX) return undefined;
  if (/[\r\n]/.test(input.slice(0, -1))) return undefined;
  const keys = [...graphemes.segment(input)].map((part) => part.segment);
  return keys.length > 1 ? keys : undefined;
}

/** A key with no flags set, for synthesised presses (pastes, wheel steps). */
export function plainKey(extra: Partial<KeyPress> = {}): KeyPress {
  return {
    upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
    home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
    backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
    paste: false,
    ...extra,
  };
}
