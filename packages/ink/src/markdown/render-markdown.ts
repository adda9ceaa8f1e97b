import { Marked, type Tokens } from 'marked';
import { markedTerminal } from 'marked-terminal';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { sanitizeText } from '../state/sanitize.js';
import { paletteOf } from '../theme/paint.js';
import { highlightCode } from './highlight-code.js';
import { tableRows } from './table-rows.js';
import type { Theme } from '../theme/themes.js';

/**
 * Markdown to terminal rows: marked + marked-terminal (code highlighted by highlight-code.ts), in the
 * theme's colours, every row fitted to `width`. The input is sanitised first, so the only escape
 * sequences in the output are the ones this renderer writes itself.
 */

const renderers = new Map<string, Marked>();

type InlineParser = { parser: { parseInline(tokens: Tokens.Generic[]): string } };

function rendererFor(theme: Theme, width: number): Marked {
  const key = `${theme.name}:${width}`;
  const cached = renderers.get(key);
  if (cached) return cached;
  const palette = paletteOf(theme);
  const marked = new Marked({ gfm: true });
  marked.use(
    markedTerminal({
      width,
      reflowText: true,
      tab: 2,
      emoji: false,
      showSectionPrefix: false,
      heading: palette.heading.bold,
      firstHeading: palette.heading.bold.underline,
      codespan: palette.code,
      code: palette.code,
      blockquote: palette.muted.italic,
      link: palette.link,
      href: palette.link.underline,
      tableOptions: { style: { head: [], border: [] } },
      // Its default wraps each paragraph and list item in reset codes: bytes with nothing to undo.
      paragraph: (text: string) => text,
      listitem: (text: string) => text,
    }),
  );
  // Links are written as "text (url)": a terminal hyperlink (OSC 8) would hide where it points.
  marked.use({
    renderer: {
      table(this: InlineParser, token: Tokens.Table): string {
        const inline = (cell: Tokens.TableCell) => this.parser.parseInline(cell.tokens);
        const header = token.header.map((cell) => palette.heading.bold(inline(cell)));
        const rows = token.rows.map((row) => row.map(inline));
        return `${tableRows(header, rows, width, palette.border).join('\n')}\n\n`;
      },
      code(token: Tokens.Code): string {
        const highlighted = highlightCode(token.text.replace(/\n+$/u, ''), token.lang, palette);
        return `${highlighted.split('\n').map((line) => `  ${line}`).join('\n')}\n\n`;
      },
      link(this: InlineParser, token: Tokens.Link): string {
        const text = this.parser.parseInline(token.tokens);
        const url = palette.link.underline(token.href);
        return text === '' || text === token.href ? url : `${palette.link(text)} (${url})`;
      },
    },
  });
  if (renderers.size > 16) renderers.clear();
  renderers.set(key, marked);
  return marked;
}

/** Renders untrusted markdown to rows no wider than `width`. */
export function renderMarkdown(markdown: string, theme: Theme, width: number): string[] {
  const safeWidth = Math.max(10, width);
  const rendered = rendererFor(theme, safeWidth).parse(sanitizeText(markdown), { async: false });
  const trimmed = rendered.replace(/\s+$/u, '');
  if (trimmed === '') return [];
  // Code blocks and tables keep their own line lengths; hard-wrap whatever still overflows (few
  // rows do, and wrapping every row again was a third of the cost of drawing an answer).
  return trimmed.split('\n').flatMap((row) => (stringWidth(row) <= safeWidth ? [row] : wrapAnsi(row, safeWidth, { hard: true, trim: false, wordWrap: true }).split('\n')));
}
