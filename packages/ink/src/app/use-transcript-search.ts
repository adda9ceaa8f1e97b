import { matchingRows } from '../components/transcript/transcript-search.js';
import { useKeys } from '../hooks/use-keys.js';
import { useLatestState } from '../hooks/use-latest-state.js';

export interface TranscriptSearch {
  query: string;
  /** Row indexes of the matches, top to bottom. */
  matches: number[];
  /** Which match is current; -1 when there is none. */
  current: number;
}

/**
 * Ctrl+F in full screen: type to search the transcript's rows; the newest match is shown first,
 * ↑ or Enter go to older matches, ↓ to newer ones, Esc closes and leaves the view where it is.
 */
export function useTranscriptSearch(rows: () => string[], reveal: (row: number) => void) {
  const [search, setSearch, latest] = useLatestState<TranscriptSearch | undefined>(undefined);

  const show = (next: TranscriptSearch) => {
    setSearch(next);
    const row = next.matches[next.current];
    if (row !== undefined) reveal(row);
  };

  const find = (query: string) => {
    const matches = matchingRows(rows(), query);
    show({ query, matches, current: matches.length - 1 });
  };

  useKeys(
    (input, key) => {
      const search = latest();
      if (search === undefined) return;
      if (key.escape || (key.ctrl && input === 'c')) return setSearch(undefined);
      const count = search.matches.length;
      if (key.upArrow || key.return) return count > 0 ? show({ ...search, current: (search.current - 1 + count) % count }) : undefined;
      if (key.downArrow) return count > 0 ? show({ ...search, current: (search.current + 1) % count }) : undefined;
      if (key.backspace || key.delete) return find(search.query.slice(0, -1));
      if (key.ctrl || key.meta || key.tab || input === '' || key.wheel !== undefined) return;
      find(search.query + input.replaceAll(/[\r\n]/g, ' '));
    },
    { isActive: () => latest() !== undefined },
  );

  return {
    search,
    latest,
    open: () => setSearch({ query: '', matches: [], current: -1 }),
    highlight: search ? search.matches[search.current] : undefined,
  };
}
