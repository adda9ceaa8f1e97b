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
 * "ab\u007f", "fix it\r", "/theme\r2"), or undefined when the chunk is one key or longer than anyone
 * types ahead. alfred turns bracketed paste on, so a real paste arrives between paste markers; a short
 * chunk with a line break inside is keys, Enter included (a terminal without bracketed paste is rare
 * enough not to cost every fast typist their Enter).
 */
export function typedAhead(input: string): string[] | undefined {
  if (input.length <= 1 || input.length > TYPED_AHEAD_MAX) return undefined;
  const keys = [...graphemes.segment(input)].map((part) => part.segment);
  return keys.length > 1 ? keys : undefined;
}

/** xterm's modifier parameter: 1 + shift(1) + alt(2) + ctrl(4). */
function modifiers(parameter: number): Pick<KeyPress, 'shift' | 'meta' | 'ctrl'> {
  const bits = Math.max(0, parameter - 1);
  return { shift: (bits & 1) !== 0, meta: (bits & 2) !== 0, ctrl: (bits & 4) !== 0 };
}

const MODIFY_OTHER_KEYS = /^\[27;(\d+);(\d+)~$/;

/**
 * A modified key in xterm's modifyOtherKeys form (`CSI 27 ; modifier ; code ~`), which Ink does not
 * parse: how xterm, VS Code's terminal and tmux with extended keys send Shift+Enter or Ctrl+Enter.
 */
export function modifiedKey(input: string): { input: string; key: KeyPress } | undefined {
  const match = MODIFY_OTHER_KEYS.exec(withoutEscape(input));
  if (!match) return undefined;
  const code = Number(match[2]);
  const flags = modifiers(Number(match[1]));
  if (code === 13) return { input: '\r', key: plainKey({ ...flags, return: true }) };
  if (code === 9) return { input: '', key: plainKey({ ...flags, tab: true }) };
  if (code === 27) return { input: '', key: plainKey({ ...flags, escape: true }) };
  if (code === 127 || code === 8) return { input: '', key: plainKey({ ...flags, backspace: true }) };
  const character = String.fromCodePoint(code);
  return { input: flags.ctrl ? character.toLowerCase() : character, key: plainKey(flags) };
}

/** Keys Ink names; anything else that looks like a control sequence is one it could not parse. */
const NAMED_KEYS: ReadonlyArray<keyof Key> = ['upArrow', 'downArrow', 'leftArrow', 'rightArrow', 'pageUp', 'pageDown', 'home', 'end', 'return', 'escape', 'tab', 'backspace', 'delete'];

/**
 * A control sequence Ink handed over as text because it does not know it (a function key with
 * modifiers, say): it must not be typed into the prompt as "[1;2P".
 */
export function isUnknownSequence(input: string, key: Key): boolean {
  if (NAMED_KEYS.some((name) => key[name] === true)) return false;
  return /^\[[\d;:?<=>]*\d[\d;:?<=>]*[\x20-\x2f]*[\x40-\x7e]$/.test(withoutEscape(input));
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
