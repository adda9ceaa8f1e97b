import { describe, expect, it } from 'vitest';
import { isPasteEnd, isPasteStart, isUnknownSequence, modifiedKey, mouseReport, plainKey, typedAhead } from './key-events.js';

describe('key events', () => {
  it('splits keys typed ahead of the reader, Enter included, but not a single key or a long chunk', () => {
    expect(typedAhead('5because')).toEqual(['5', 'b', 'e', 'c', 'a', 'u', 's', 'e']);
    expect(typedAhead('fix it\r')).toEqual(['f', 'i', 'x', ' ', 'i', 't', '\r']);
    expect(typedAhead('go 👩‍💻')).toEqual(['g', 'o', ' ', '👩‍💻']);
    expect(typedAhead('/theme\r2')).toEqual(['/', 't', 'h', 'e', 'm', 'e', '\r', '2']);
    expect(typedAhead('a')).toBeUndefined();
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

  it("reads Shift+Enter and Ctrl+letters in xterm's modifyOtherKeys form", () => {
    expect(modifiedKey('[27;2;13~')).toEqual({ input: '\r', key: plainKey({ return: true, shift: true }) });
    expect(modifiedKey('\u001B[27;5;13~')).toEqual({ input: '\r', key: plainKey({ return: true, ctrl: true }) });
    expect(modifiedKey('[27;5;106~')).toEqual({ input: 'j', key: plainKey({ ctrl: true }) });
    expect(modifiedKey('[27;3;98~')).toEqual({ input: 'b', key: plainKey({ meta: true }) });
    expect(modifiedKey('[5~')).toBeUndefined();
  });

  it('tells control sequences Ink could not parse from keys and typed brackets', () => {
    expect(isUnknownSequence('[1;2P', plainKey())).toBe(true);
    expect(isUnknownSequence('[57;1u', plainKey())).toBe(true);
    expect(isUnknownSequence('[5~', plainKey({ pageUp: true }))).toBe(false);
    expect(isUnknownSequence('[A', plainKey())).toBe(false);
    expect(isUnknownSequence('[x]', plainKey())).toBe(false);
  });
});
