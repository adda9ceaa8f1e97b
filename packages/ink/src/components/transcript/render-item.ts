import wrapAnsi from 'wrap-ansi';
import type { HistoryItem } from '../../state/history-items.js';
import { sanitizeText } from '../../state/sanitize.js';
import { markdownReady, renderMarkdownRows } from '../../markdown/lazy-markdown.js';
import { paletteOf, type Palette } from '../../theme/paint.js';
import type { Theme } from '../../theme/themes.js';
import { formatTokens } from './format.js';
import { toolGroupRows } from './tool-rows.js';

/** What rendering depends on besides the item itself. */
export interface RenderContext {
  theme: Theme;
  width: number;
  thinkingExpanded: boolean;
  /** The clock, for live countdowns. */
  now: number;
}

function wrapped(text: string, width: number, prefix = '', continuation = prefix): string[] {
  const inner = Math.max(4, width - continuation.length);
  return wrapAnsi(text, inner, { hard: true, trim: false }).split('\n').map((line, index) => (index === 0 ? prefix : continuation) + line);
}

function noticeRows(icon: string, text: string, style: Palette[keyof Palette], width: number): string[] {
  return wrapped(sanitizeText(text), width, `${icon} `, '  ').map((line) => style(line));
}

function thinkingRows(text: string, context: RenderContext, palette: Palette): string[] {
  const lines = sanitizeText(text).trim().split('\n');
  if (!context.thinkingExpanded) {
    const first = lines[0] ?? '';
    const more = lines.length > 1 ? ` (+${lines.length - 1} lines, ctrl+t to expand)` : '';
    return wrapped(`${first}${more}`, context.width, '✻ ', '  ').slice(0, 2).map((line) => palette.muted.italic(line));
  }
  return wrapped(lines.join('\n'), context.width, '✻ ', '  ').map((line) => palette.muted.italic(line));
}

/** Rows for one item, without caching; a blank row separates items. */
export function renderItemRows(item: HistoryItem, context: RenderContext): string[] {
  const palette = paletteOf(context.theme);
  const { width } = context;
  switch (item.kind) {
    case 'user': {
      const marker = item.shell ? '! ' : '> ';
      return ['', ...wrapped(sanitizeText(item.text), width, marker, '  ').map((line) => palette.user(line)), ''];
    }
    case 'answer':
      return [...renderMarkdownRows(item.text, context.theme, width), ''];
    case 'thinking':
      return [...thinkingRows(item.text, context, palette), ''];
    case 'tool_group':
      return toolGroupRows(item.calls, palette, width);
    case 'info':
      return noticeRows('ℹ', item.text, palette.info, width);
    case 'warning':
      return noticeRows('⚠', item.text, palette.warning, width);
    case 'error':
      return noticeRows('✗', item.text, palette.error, width);
    case 'compressed':
      return noticeRows('✻', `Context compressed from ${formatTokens(item.tokensBefore)} to ${formatTokens(item.tokensAfter)} tokens.`, palette.muted, width);
    case 'retry': {
      const seconds = Math.max(0, Math.ceil((item.until - context.now) / 1000));
      const when = item.done ? 'Retried' : `Retrying in ${seconds}s`;
      return noticeRows('↻', `${when} (attempt ${item.attempt}): ${item.reason}`, palette.warning, width);
    }
  }
}

interface CacheEntry {
  width: number;
  theme: Theme;
  thinkingExpanded: boolean;
  /** Rows drawn before the markdown renderer loaded are plain text, redrawn once it has. */
  markdown: boolean;
  rows: string[];
}

/**
 * Finished items are rendered once per width and theme: items are immutable, so the item object
 * itself is the cache key and a garbage-collected item takes its rows with it.
 */
const cache = new WeakMap<HistoryItem, CacheEntry>();

export function itemRows(item: HistoryItem, context: RenderContext): string[] {
  if (!item.done) return renderItemRows(item, context);
  const cached = cache.get(item);
  const thinkingMatters = item.kind === 'thinking';
  if (
    cached &&
    cached.width === context.width &&
    cached.theme === context.theme &&
    (!thinkingMatters || cached.thinkingExpanded === context.thinkingExpanded) &&
    (item.kind !== 'answer' || cached.markdown === markdownReady())
  ) {
    return cached.rows;
  }
  const rows = renderItemRows(item, context);
  cache.set(item, { width: context.width, theme: context.theme, thinkingExpanded: context.thinkingExpanded, markdown: markdownReady(), rows });
  return rows;
}
