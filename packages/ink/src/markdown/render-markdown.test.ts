import { stripVTControlCharacters as stripAnsi } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../theme/themes.js';
import { renderMarkdown } from './render-markdown.js';
import stringWidth from 'string-width';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and code as text that fits the width', () => {
    const rows = renderMarkdown('# Title\n\nA **bold** claim that is long enough to wrap at twenty.\n\n- one\n- two\n\n```js\nconst a = 1;\n```', DEFAULT_THEME, 20);
    const plain = rows.map((row) => stripAnsi(row));
    expect(plain[0]).toContain('Title');
    expect(plain.join('\n')).toContain('bold');
    expect(plain.join('\n')).toMatch(/one/);
    expect(plain.join('\n')).toContain('const a = 1;');
    for (const row of rows) expect(stringWidth(row)).toBeLessThanOrEqual(20);
  });

  it('writes links as text and address, never as a terminal hyperlink', () => {
    const rows = renderMarkdown('see [docs](https://example.com/x)', DEFAULT_THEME, 60);
    expect(rows.join('')).not.toContain('\u001B]8');
    expect(stripAnsi(rows.join(''))).toContain('docs (https://example.com/x)');
  });

  it('leaves escape sequences from the model inert', () => {
    const rows = renderMarkdown('evil \u001B]52;c;aGk=\u0007 and \u001B[2J done', DEFAULT_THEME, 60);
    const text = rows.join('\n');
    expect(text).not.toContain('\u001B]');
    expect(text).not.toContain('\u001B[2J');
    expect(stripAnsi(text)).toContain('␛]52;c;aGk=␇');
  });

  it('fits a wide table to the width by wrapping cells, keeping every border intact', () => {
    const markdown = '| file | what changed |\n|---|---|\n| src/parser.ts | the tokenizer now reports the line and column of every error it finds |\n| README.md | usage |';
    const rows = renderMarkdown(markdown, DEFAULT_THEME, 40).map((row) => stripAnsi(row));
    for (const row of rows) expect(stringWidth(row)).toBeLessThanOrEqual(40);
    expect(rows[0]).toMatch(/^┌─+┬─+┐$/);
    expect(rows.at(-1)).toMatch(/^└─+┴─+┘$/);
    expect(rows.filter((row) => row.startsWith('│')).every((row) => row.endsWith('│') && stringWidth(row) === stringWidth(rows[0] ?? ''))).toBe(true);
    expect(rows.join(' ')).toContain('src/parser.ts');
    expect(rows.join(' ').replaceAll(/[│ ]+/g, ' ')).toContain('the tokenizer now reports');
  });

  it('keeps a narrow table at its natural width', () => {
    const rows = renderMarkdown('| a | b |\n|---|---|\n| one | two |', DEFAULT_THEME, 80).map((row) => stripAnsi(row));
    expect(rows).toEqual(['┌─────┬─────┐', '│ a   │ b   │', '├─────┼─────┤', '│ one │ two │', '└─────┴─────┘']);
  });
});
