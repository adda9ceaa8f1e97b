import { describe, expect, it } from 'vitest';
import { isPasteEnd, isPasteStart, mouseReport, typedAhead } from './key-events.js';

describe('key events', () => {
  it('splits keys typed ahead of the reader, but not a paste or a single key', () => {
    expect(typedAhead('5because')).toEqual(['5', 'b', 'e', 'c', 'a', 'u', 's', 'e']);
    expect(typedAhead('fix it\r')).toEqual(['f', 'i', 'x', ' ', 'i', 't', '\r']);
    expect(typedAhead('go 👩‍💻')).toEqual(['g', 'o', ' ', '👩‍💻']);
    expect(typedAhead('a')).toBeUndefined();
    expect(typedAhead('one\rtwo')).toBeUndefined();
    expect(typedAhead('x'.repeat(65))).toBeUndefined();
  });

  it('recognises bracketed paste markers and wheel reports with or without their ESC', () => {
    expect(isPasteStart('[200~')).toBe(true);
    expect(isPasteStart('\u001B[200~')).toBe(true);
    expect(isPasteEnd('[201~')).toBe(true);
    expect(mouseReport('[<64;10;5M')).toBe(-1);
    expect(mouseReport('\u001B[<65;1;1M')).toBe(1);
    expect(mouseReport('[<0;3;4m')).toBe(0);
    expect(mouseReport('[A')).toBeUndefined();
  });
});
