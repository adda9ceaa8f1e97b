/**
 * The render boundary's sanitiser. Everything that comes from the model, tools, files or MCP
 * servers passes through here before it reaches the terminal, so that none of it can move the
 * cursor, change colours, set the window title, write the clipboard (OSC 52), open hyperlinks
 * (OSC 8) or reorder text with bidi controls. Escape sequences are made visible (ESC becomes `␛`)
 * rather than deleted, so a user can see that something tried; valid text, including accents, CJK
 * and emoji sequences, passes unchanged.
 */

/** What to do with SGR colour sequences (`ESC [ … m`), which tool output uses harmlessly. */
export interface SanitizeOptions {
  /** Drop SGR sequences instead of showing them; other sequences are still made visible. */
  stripColors?: boolean;
  /** Spaces per tab; tabs have no width in a terminal cell grid, so they are expanded. */
  tabWidth?: number;
}

// eslint-disable-next-line no-control-regex -- matching escape sequences is this module's job
const SGR = /\u001B\[[0-9;:]*m/g;
const ESCAPE = '\u001B';
/** Bidi embedding, override and isolate controls plus the directional marks. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Zero-width characters that hide text; ZWJ/ZWNJ are judged by their neighbours. */
const ZERO_WIDTH = /[\u200B\u2060\uFEFF\u180E\u00AD]/u;
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const LETTER = /[\p{L}\p{M}]/u;

function visibleCodePoint(codePoint: number): string {
  return `<U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** C0 controls become their Unicode "control picture" (U+2400 block), DEL becomes ␡. */
function controlPicture(codePoint: number): string {
  if (codePoint === 0x1b) return '␛';
  if (codePoint === 0x7f) return '␡';
  return String.fromCodePoint(0x2400 + codePoint);
}

function isJoinerAllowed(joiner: string, before: string | undefined, after: string | undefined): boolean {
  if (before === undefined || after === undefined) return false;
  // ZWJ glues emoji sequences (👩‍💻); ZWNJ shapes Persian and Indic scripts between letters.
  if (joiner === '\u200D') return PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(after);
  return LETTER.test(before) && LETTER.test(after);
}

function sanitizeCharacter(character: string, before: string | undefined, after: string | undefined): string {
  const codePoint = character.codePointAt(0) ?? 0;
  if (character === '\n') return character;
  if (codePoint < 0x20 || codePoint === 0x7f) return controlPicture(codePoint);
  if (codePoint >= 0x80 && codePoint <= 0x9f) return visibleCodePoint(codePoint);
  if (BIDI.test(character) || ZERO_WIDTH.test(character)) return visibleCodePoint(codePoint);
  if (character === '\u200C' || character === '\u200D') {
    return isJoinerAllowed(character, before, after) ? character : visibleCodePoint(codePoint);
  }
  return character;
}

/** Matches every character the slow path must look at; text without one is returned as is. */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const SUSPICIOUS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/**
 * Makes untrusted text inert for the terminal. Line feeds survive; CRLF becomes LF; a lone CR is
 * shown as ␍ (it would otherwise overwrite the line it is on).
 */
export function sanitizeText(text: string, options: SanitizeOptions = {}): string {
  let input = text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
  if (options.stripColors === true && input.includes(ESCAPE)) input = input.replace(SGR, '');
  if (input.includes('\t')) input = input.replaceAll('\t', ' '.repeat(options.tabWidth ?? 4));
  if (!SUSPICIOUS.test(input)) return input;
  const characters = Array.from(input);
  let output = '';
  for (let index = 0; index < characters.length; index++) {
    output += sanitizeCharacter(characters[index] ?? '', characters[index - 1], characters[index + 1]);
  }
  return output;
}

/**
 * Live output of a running tool: progress bars redraw a line with CR, so only the text after the
 * last CR of each line is what the terminal would have shown.
 */
export function sanitizeToolOutput(text: string): string {
  const lines = text.replaceAll('\r\n', '\n').split('\n');
  const settled = lines.map((line) => {
    const lastReturn = line.lastIndexOf('\r');
    return lastReturn === -1 ? line : line.slice(lastReturn + 1);
  });
  return sanitizeText(settled.join('\n'), { stripColors: true });
}
