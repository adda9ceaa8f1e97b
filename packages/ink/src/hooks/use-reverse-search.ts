import type { Key } from 'ink';
import { useLatestState } from './use-latest-state.js';

/** Ctrl+R: the query typed so far and the history entry it matches. */
export interface ReverseSearch {
  query: string;
  /** Index into history of the current match, if any. */
  match: number | undefined;
  matchText?: string;
}

function findMatch(history: readonly string[], query: string, before: number): number | undefined {
  if (query === '') return undefined;
  for (let index = Math.min(before, history.length) - 1; index >= 0; index--) {
    if (history[index]?.includes(query)) return index;
  }
  return undefined;
}

/**
 * Reverse history search. `handleKey` is called only while a search is open; Enter puts the match
 * in the composer through `accept`, Esc and Ctrl+C close it, Ctrl+R again finds an older match.
 */
export function useReverseSearch(history: readonly string[], accept: (text: string) => void) {
  const [search, setSearch, latest] = useLatestState<ReverseSearch | undefined>(undefined);

  const handleKey = (active: ReverseSearch, input: string, key: Key): void => {
    if (key.escape || (key.ctrl && input === 'c')) return setSearch(undefined);
    if (key.return) {
      setSearch(undefined);
      if (active.match !== undefined) accept(history[active.match] ?? '');
      return;
    }
    if (key.ctrl && input === 'r') {
      const older = findMatch(history, active.query, active.match ?? history.length);
      return setSearch({ ...active, match: older ?? active.match });
    }
    let query = active.query;
    if (key.backspace || key.delete) query = query.slice(0, -1);
    else if (!key.ctrl && !key.meta) query += input;
    setSearch({ query, match: findMatch(history, query, history.length) });
  };

  const shown = search?.match === undefined ? search : { ...search, matchText: history[search.match] ?? '' };
  return { search: shown, latest, open: () => setSearch({ query: '', match: undefined }), handleKey };
}
