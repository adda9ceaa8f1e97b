import { eastAsianWidth } from 'get-east-asian-width';
import stripAnsi from 'strip-ansi';
import fullStringWidth from 'string-width';

/**
 * Characters whose width is their East Asian Width alone: no combining marks, joiners, variation
 * selectors, zero-width or format characters, and no code point the library counts as an emoji
 * (it counts text-style ones such as © ‼ ↔ as two columns, so they are left to it). That
 * covers what the TUI draws itself (box drawing, blocks, arrows, dashes, `·`) and most prose,
 * accented Latin and CJK included.
 */
const SIMPLE =
  /^[\u0020-\u007E\u00A0-\u00A8\u00AA-\u00AC\u00AF-\u024F\u2010-\u2027\u2030-\u203B\u203D-\u2048\u204A-\u205E\u2190-\u2193\u219A-\u21A8\u21AB-\u21FF\u2500-\u259F\u3000-\u3029\u3031-\u303C\u303E\u303F\u3041-\u3096\u30A0-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3\uFF01-\uFF60]*$/u;

/**
 * `string-width` with a fast path. The library segments every non-ASCII string into graphemes
 * and tests each against `\p{RGI_Emoji}`; the first such call costs about 50 ms (ICU's segmenter
 * and that expression's compilation), which would land on the first frame because the banner and
 * the box borders are not ASCII. Strings of simple characters get the same answer without either;
 * everything else goes to the library (v7). The bundle routes every `string-width` import here (Ink's
 * included); `string-width.test.ts` checks the two agree.
 */
export default function stringWidth(input: string, options: { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean } = {}): number {
  if (typeof input !== 'string' || input.length === 0) return 0;
  const text = options.countAnsiEscapeCodes !== true && (input.includes('\u001B') || input.includes('\u009B')) ? stripAnsi(input) : input;
  if (!SIMPLE.test(text)) return fullStringWidth(input, options);
  const wideAmbiguous = { ambiguousAsWide: options.ambiguousIsNarrow === false };
  let width = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    width += code < 0x7f ? 1 : eastAsianWidth(code, wideAmbiguous);
  }
  return width;
}
