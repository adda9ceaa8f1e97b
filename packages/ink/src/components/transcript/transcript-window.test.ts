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
