import { describe, expect, it } from 'vitest';
import { sanitizeText, sanitizeToolOutput } from './sanitize.js';

describe('sanitizeText', () => {
  it('shows CSI colour and cursor sequences as visible text instead of obeying them', () => {
    const out = sanitizeText('red \u001B[31mtext\u001B[0m and \u001B[2J\u001B[H');
    expect(out).toBe('red ␛[31mtext␛[0m and ␛[2J␛[H');
    expect(out).not.toContain('\u001B');
  });

  it('makes OSC hyperlinks, window titles and clipboard writes inert', () => {
    const hyperlink = '\u001B]8;;https://evil.example\u0007click\u001B]8;;\u0007';
    const clipboard = '\u001B]52;c;ZWNobyBoaQ==\u0007';
    const title = '\u001B]0;owned\u001B\\';
    const out = sanitizeText(hyperlink + clipboard + title);
    // eslint-disable-next-line no-control-regex -- asserting that no control character survives
    expect(out).not.toMatch(/[\u0000-\u001F\u007F]/);
    expect(out).toContain('␛]8;;https://evil.example␇click');
    expect(out).toContain('␛]52;c;ZWNobyBoaQ==␇');
  });

  it('makes DCS sequences and 8-bit C1 controls visible', () => {
    expect(sanitizeText('\u001BPq#0;2;0;0;0\u001B\\')).toBe('␛Pq#0;2;0;0;0␛\\');
    expect(sanitizeText('a\u009B31mb\u0085c')).toBe('a<U+009B>31mb<U+0085>c');
  });

  it('shows C0 controls, DEL and a lone carriage return as control pictures', () => {
    expect(sanitizeText('bell\u0007 back\u0008 del\u007F cr\rx')).toBe('bell␇ back␈ del␡ cr␍x');
  });

  it('keeps line feeds, turns CRLF into LF and expands tabs', () => {
    expect(sanitizeText('a\r\nb\n\tc')).toBe('a\nb\n    c');
  });

  it('makes bidi overrides and zero-width characters visible', () => {
    expect(sanitizeText('if (admin\u202E \u2066) {')).toBe('if (admin<U+202E> <U+2066>) {');
    expect(sanitizeText('pass\u200Bword\uFEFF')).toBe('pass<U+200B>word<U+FEFF>');
    expect(sanitizeText('x\u200Dy')).toBe('x<U+200D>y');
  });

  it('leaves accents, CJK, emoji ZWJ sequences, flags and skin tones untouched', () => {
    const text = 'café naïve 日本語 한국어 👩‍💻 👨‍👩‍👧 🇫🇷 👍🏽 ❤️ می‌خواهم';
    expect(sanitizeText(text)).toBe(text);
  });
});

describe('sanitizeToolOutput', () => {
  it('strips colours from tool output and keeps what a progress bar last drew', () => {
    expect(sanitizeToolOutput('\u001B[32mok\u001B[0m\n10%\r50%\r100%\nnext')).toBe('ok\n100%\nnext');
  });

  it('still shows non-colour sequences from tools', () => {
    expect(sanitizeToolOutput('\u001B[2Jwiped')).toBe('␛[2Jwiped');
  });
});
