import { describe, expect, it } from 'vitest';
import {
  backspace, bufferOf, deleteWordBefore, insert, killToLineEnd, killToLineStart, moveLeft, moveLineStart,
  moveVertical, moveWordLeft, moveWordRight, replaceToken, tokenAtCursor, type ComposerBuffer,
} from './composer-buffer.js';

const at = (text: string, cursor: number): ComposerBuffer => ({ text, cursor });

describe('composer buffer', () => {
  it('inserts at the cursor and deletes whole graphemes', () => {
    expect(insert(at('ac', 1), 'b')).toEqual(at('abc', 2));
    expect(backspace(bufferOf('go 👩‍💻'))).toEqual(bufferOf('go '));
    expect(moveLeft(bufferOf('é👍🏽'))).toEqual(at('é👍🏽', 1));
  });

  it('moves and deletes by word, and kills to either end of the line', () => {
    expect(moveWordLeft(bufferOf('run the tests'))).toEqual(at('run the tests', 8));
    expect(moveWordRight(at('run the tests', 0))).toEqual(at('run the tests', 3));
    expect(deleteWordBefore(bufferOf('run the tests'))).toEqual(bufferOf('run the '));
    expect(killToLineEnd(at('one two\nthree', 3))).toEqual(at('one\nthree', 3));
    expect(killToLineStart(at('one\ntwo three', 8))).toEqual(at('one\nthree', 4));
    expect(moveLineStart(at('one\ntwo', 6))).toEqual(at('one\ntwo', 4));
  });

  it('moves between lines and hands the first and last line over to history', () => {
    expect(moveVertical(at('abc\nde', 5), -1)).toEqual(at('abc\nde', 1));
    expect(moveVertical(at('abc\nde', 2), 1)).toEqual(at('abc\nde', 6));
    expect(moveVertical(at('abc\nde', 2), -1)).toBeUndefined();
    expect(moveVertical(at('abc\nde', 5), 1)).toBeUndefined();
  });

  it('finds and replaces the token being completed', () => {
    expect(tokenAtCursor(bufferOf('look at @src/ap'))).toEqual({ start: 8, token: '@src/ap' });
    expect(replaceToken(bufferOf('look at @src/ap'), '@src/app.ts ')).toEqual(bufferOf('look at @src/app.ts '));
  });
});
