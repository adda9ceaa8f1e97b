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
});
