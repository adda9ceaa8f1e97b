import chalk from 'chalk';
import { stripVTControlCharacters as stripAnsi } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { paletteOf } from '../theme/paint.js';
import { DEFAULT_THEME } from '../theme/themes.js';
import { highlightCode } from './highlight-code.js';
import { renderMarkdown } from './render-markdown.js';

const palette = paletteOf(DEFAULT_THEME);

describe('code highlighting', () => {
  beforeAll(() => {
    const level = chalk.level;
    chalk.level = 3;
    return () => {
      chalk.level = level;
    };
  });

  it('colours keywords, strings and comments in the theme, keeping the code exactly', () => {
    const code = 'const name = "alfred"; // greet\nreturn name;';
    const out = highlightCode(code, 'ts', palette);
    expect(stripAnsi(out)).toBe(code);
    expect(out).toContain(palette.accent('const'));
    expect(out).toContain(palette.success('"alfred"'));
    expect(out).toContain(palette.muted('// greet'));
  });

  it('closes every colour at the end of its line, so a row drawn alone keeps its own colour', () => {
    const out = highlightCode('/* a comment\nthat spans lines */\nlet x = `multi\nline`;', 'javascript', palette);
    for (const line of out.split('\n')) {
      // eslint-disable-next-line no-control-regex -- counting colour codes
      const opened = line.match(/\u001B\[(?!39m)[\d;]*m/gu)?.length ?? 0;
      expect(line.split('\u001B[39m').length - 1, line).toBe(opened);
    }
    expect(out.split('\n').filter((line) => line.includes('\u001B[39m')).length).toBeGreaterThan(2);
  });

  it('draws an unknown or missing language plain instead of guessing', () => {
    expect(highlightCode('SELECT 1', 'no-such-language', palette)).toBe(palette.code('SELECT 1'));
    expect(highlightCode('x = 1', undefined, palette)).toBe(palette.code('x = 1'));
  });

  it('highlights fenced code inside an answer and indents it', () => {
    const rows = renderMarkdown('Text.\n\n```python\ndef f():\n    return 1\n```', DEFAULT_THEME, 60);
    const plain = rows.map((row) => stripAnsi(row));
    expect(plain).toContain('  def f():');
    expect(plain).toContain('      return 1');
    expect(rows.join('\n')).toContain(palette.accent('def'));
  });
});
