import fc from 'fast-check';
import fullStringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import stringWidth from './string-width.js';

// Code points from the fast path's blocks and from just outside them (combining marks, emoji,
// joiners, format characters), so both branches and their edges are exercised.
const interesting = [
  [0x20, 0x7e], [0x80, 0x24f], [0x300, 0x36f], [0x2000, 0x206f], [0x2190, 0x21ff], [0x2300, 0x23ff],
  [0x2500, 0x27bf], [0x2b00, 0x2bff], [0x3000, 0x30ff], [0x4e00, 0x4eff], [0xac00, 0xac80],
  [0xfe00, 0xfe0f], [0xff00, 0xffef], [0x1f300, 0x1f6ff],
] as const;
const codePoint = fc.oneof(...interesting.map(([min, max]) => fc.integer({ min, max })));
const text = fc.array(codePoint, { maxLength: 12 }).map((points) => String.fromCodePoint(...points));

describe('string width', () => {
  it('agrees with string-width on any mix of simple and complex characters', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (value, ambiguousIsNarrow) => {
        expect(stringWidth(value, { ambiguousIsNarrow })).toBe(fullStringWidth(value, { ambiguousIsNarrow }));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on styled text and counts what the terminal shows', () => {
    const styled = '\u001B[1m\u001B[38;5;117m▄▀█ █\u001B[0m · 日本語 café';
    expect(stringWidth(styled)).toBe(fullStringWidth(styled));
    expect(stringWidth(styled)).toBe(5 + 3 + 6 + 5);
  });

  it('gives emoji, flags and combining sequences to the full measure', () => {
    for (const value of ['👍🏽', '🇫🇷', 'é', '👨‍👩‍👧', '☕', '✅ done', '1️⃣']) {
      expect(stringWidth(value)).toBe(fullStringWidth(value));
    }
  });
});
