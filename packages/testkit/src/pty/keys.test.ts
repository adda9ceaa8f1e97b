import { describe, expect, it } from 'vitest';
import { keySequence } from './keys.js';

describe('keySequence', () => {
  it('maps the keys people press to what xterm sends', () => {
    expect(keySequence('enter')).toBe('\r');
    expect(keySequence('Escape')).toBe('\x1b');
    expect(keySequence('shift+tab')).toBe('\x1b[Z');
    expect(keySequence('backspace')).toBe('\x7f');
    expect(keySequence('ctrl+c')).toBe('\x03');
    expect(keySequence('ctrl+a')).toBe('\x01');
    expect(keySequence('alt+x')).toBe('\x1bx');
    expect(keySequence('alt+X')).toBe('\x1bX');
    expect(keySequence('pagedown')).toBe('\x1b[6~');
  });

  it('sends arrows in application mode when the program asked for it', () => {
    expect(keySequence('up')).toBe('\x1b[A');
    expect(keySequence('up', { applicationCursorKeys: true })).toBe('\x1bOA');
    expect(keySequence('home', { applicationCursorKeys: true })).toBe('\x1bOH');
  });

  it('encodes modified arrows with the xterm modifier parameter', () => {
    expect(keySequence('shift+up')).toBe('\x1b[1;2A');
    expect(keySequence('ctrl+left')).toBe('\x1b[1;5D');
    expect(keySequence('ctrl+shift+right')).toBe('\x1b[1;6C');
  });

  it('rejects a key it does not know instead of typing nothing', () => {
    expect(() => keySequence('entr')).toThrow(/Unknown key "entr"\. Use one of .*enter/);
    expect(() => keySequence('hyper+a')).toThrow(/Unknown key "hyper\+a"/);
    expect(() => keySequence('ctrl+1')).toThrow(/Unknown key/);
  });
});
