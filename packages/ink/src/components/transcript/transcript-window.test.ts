import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../state/history-items.js';
import { DEFAULT_THEME } from '../../theme/themes.js';
import { transcriptWindow } from './transcript-window.js';

const context = { theme: DEFAULT_THEME, width: 40, thinkingExpanded: false, now: 0 };
const notices: HistoryItem[] = Array.from({ length: 30 }, (_, index) => ({ id: index, done: true, kind: 'info', text: `line ${index}` }));

describe('transcriptWindow', () => {
  it('follows the bottom and hands over only the rows that fit', () => {
    const window = transcriptWindow({ header: ['banner'], items: notices, context, height: 5, scrollTop: undefined });
    expect(window.rows).toHaveLength(5);
    expect(window.rows.at(-1)).toContain('line 29');
    expect(window.totalRows).toBe(31);
    expect(window.hiddenBelow).toBe(0);
  });

  it('keeps a scrolled-up view still and counts the lines that arrive below it', () => {
    const window = transcriptWindow({ header: ['banner'], items: notices, context, height: 5, scrollTop: 1 });
    expect(window.rows[0]).toContain('line 0');
    expect(window.hiddenBelow).toBe(25);
    const grown = transcriptWindow({ header: ['banner'], items: [...notices, { id: 99, done: true, kind: 'info', text: 'new' }], context, height: 5, scrollTop: 1 });
    expect(grown.rows[0]).toContain('line 0');
    expect(grown.hiddenBelow).toBe(26);
  });
});

describe('transcriptWindow while following the bottom', () => {
  it('renders only the items that fill the screen, and measures the rest only when asked', () => {
    let rendered = 0;
    const counted: HistoryItem[] = notices.map((item) => {
      const text = (item as { text: string }).text;
      return { ...item, get text() {
        rendered++;
        return text;
      } } as HistoryItem;
    });
    const window = transcriptWindow({ header: ['banner'], items: counted, context: { ...context, width: 41 }, height: 5, scrollTop: undefined });
    expect(window.rows.at(-1)).toContain('line 29');
    expect(window.rows[0]).toContain('line 25');
    expect(rendered).toBeLessThanOrEqual(5);
    expect(window.totalRows).toBe(31);
    expect(window.top).toBe(26);
    expect(rendered).toBe(30);
  });

  it('shows the banner above a short transcript', () => {
    const window = transcriptWindow({ header: ['banner', ''], items: notices.slice(0, 2), context, height: 10, scrollTop: undefined });
    expect(window.rows).toEqual(['banner', '', expect.stringContaining('line 0'), expect.stringContaining('line 1')]);
  });
});
