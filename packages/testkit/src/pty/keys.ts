/**
 * Key names → the bytes a real terminal (xterm) sends for them, so pty tests can say
 * `press('shift+tab')` instead of spelling escape sequences.
 */

/** Terminal state that changes what some keys send. */
export interface KeyModes {
  /** DECCKM (`CSI ? 1 h`): arrows, Home and End send `ESC O x` instead of `ESC [ x`. */
  applicationCursorKeys: boolean;
}

const NAMED: Record<string, string> = {
  enter: '\r',
  return: '\r',
  tab: '\t',
  'shift+tab': '\x1b[Z',
  escape: '\x1b',
  esc: '\x1b',
  backspace: '\x7f',
  delete: '\x1b[3~',
  insert: '\x1b[2~',
  pageup: '\x1b[5~',
  pagedown: '\x1b[6~',
  space: ' ',
  // Sent by terminals configured for "newline in the composer" (and by Ink's own tests).
  'alt+enter': '\x1b\r',
  'ctrl+space': '\x00',
  f1: '\x1bOP',
  f2: '\x1bOQ',
  f3: '\x1bOR',
  f4: '\x1bOS',
  f5: '\x1b[15~',
  f6: '\x1b[17~',
  f7: '\x1b[18~',
  f8: '\x1b[19~',
  f9: '\x1b[20~',
  f10: '\x1b[21~',
  f11: '\x1b[23~',
  f12: '\x1b[24~',
};

/** Final bytes of the cursor keys, which take modifiers as `CSI 1 ; m x`. */
const CURSOR: Record<string, string> = { up: 'A', down: 'B', right: 'C', left: 'D', home: 'H', end: 'F' };

/** xterm's modifier parameter: 1 + shift(1) + alt(2) + ctrl(4). */
const MODIFIER_BITS: Record<string, number> = { shift: 1, alt: 2, meta: 2, ctrl: 4 };

/** Every name `keySequence` accepts besides `ctrl+<letter>`, `alt+<char>` and modified arrows. */
export const KEY_NAMES: readonly string[] = [...Object.keys(NAMED), ...Object.keys(CURSOR)];

/**
 * Returns the bytes for a key such as `enter`, `escape`, `up`, `ctrl+c`, `shift+tab`, `alt+x`,
 * `ctrl+left` or `f5`. Names are case-insensitive. Throws on a name it does not know, listing the
 * accepted ones, so a typo fails the test instead of typing nothing.
 */
export function keySequence(name: string, modes: KeyModes = { applicationCursorKeys: false }): string {
  const key = name.trim().toLowerCase();
  const named = NAMED[key];
  if (named !== undefined) return named;

  const parts = key.split('+');
  const base = parts.pop() ?? '';
  const modifiers = parts;
  if (!modifiers.every((modifier) => modifier in MODIFIER_BITS)) throw unknownKey(name);

  const cursorFinal = CURSOR[base];
  if (cursorFinal !== undefined) {
    if (modifiers.length === 0) return `${modes.applicationCursorKeys ? '\x1bO' : '\x1b['}${cursorFinal}`;
    const parameter = 1 + modifiers.reduce((bits, modifier) => bits | (MODIFIER_BITS[modifier] ?? 0), 0);
    return `\x1b[1;${parameter}${cursorFinal}`;
  }

  if (modifiers.length === 1 && modifiers[0] === 'ctrl' && /^[a-z]$/.test(base)) {
    return String.fromCharCode(base.charCodeAt(0) - 96);
  }
  if (modifiers.length === 1 && (modifiers[0] === 'alt' || modifiers[0] === 'meta')) {
    // Keep the case the caller wrote: alt+X and alt+x are different keys.
    const character = name.trim().slice(name.trim().lastIndexOf('+') + 1);
    if ([...character].length === 1) return `\x1b${character}`;
    const namedBase = NAMED[base];
    if (namedBase !== undefined) return `\x1b${namedBase}`;
  }
  throw unknownKey(name);
}

function unknownKey(name: string): Error {
  return new Error(
    `Unknown key "${name}". Use one of ${KEY_NAMES.join(', ')}, ctrl+<letter>, alt+<key>, ` +
      'or shift/alt/ctrl+<arrow|home|end>; type() sends plain text.',
  );
}
