import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { KeyPress } from '../../hooks/key-events.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatestState } from '../../hooks/use-latest-state.js';
import type { Theme } from '../../theme/themes.js';
import { filterItems, visibleRange, type SelectItem } from './select-items.js';

export interface SelectListProps<Item extends SelectItem> {
  title: string;
  items: readonly Item[];
  theme: Theme;
  width: number;
  /** Shown while the items are still loading. */
  loading?: boolean;
  emptyText?: string;
  /** Key help under the list; the default names ↑↓, enter, esc and filtering. */
  hint?: string;
  /** A line about the selected item (a setting's description). */
  describe?(item: Item): string | undefined;
  onChoose(item: Item): void;
  onCancel(): void;
  /** Keys the dialog handles itself (space to toggle); return true when handled. */
  onKey?(input: string, key: KeyPress, item: Item | undefined): boolean;
  /** Whether keys go to the list; a function is asked at each key (the dialog may have moved on since the last render). */
  active?: boolean | (() => boolean);
  /** Typing filters the list (default); off for short fixed choices. */
  filterable?: boolean;
  /** Rows drawn under the list (an error, a stage of the dialog). */
  children?: ReactNode;
}

const MAX_ROWS = 10;

/** A keyboard list: ↑↓ to move, type to filter, Enter to choose, Esc to clear the filter or close. */
export function SelectList<Item extends SelectItem>(props: SelectListProps<Item>) {
  const { title, items, theme, width, loading = false } = props;
  const [query, setQuery, latestQuery] = useLatestState('');
  const [selected, setSelected, latestSelected] = useLatestState(0);
  const view = (text: string, position: number) => {
    const shown = filterItems(items, text);
    const index = Math.min(position, Math.max(0, shown.length - 1));
    return { shown, index, current: shown[index] };
  };
  const { shown, index } = view(query, selected);

  /** ↑↓ wrap around, PgUp/PgDn stop at the ends; false for any other key. */
  const move = (key: KeyPress): boolean => {
    const { shown, index } = view(latestQuery(), latestSelected());
    if (shown.length === 0) return key.upArrow || key.downArrow || key.pageUp || key.pageDown;
    if (key.upArrow || key.downArrow) setSelected((index + (key.upArrow ? -1 : 1) + shown.length) % shown.length);
    else if (key.pageUp || key.pageDown) setSelected(Math.max(0, Math.min(shown.length - 1, index + (key.pageUp ? -MAX_ROWS : MAX_ROWS))));
    else return false;
    return true;
  };

  useKeys(
    (input, key) => {
      const query = latestQuery();
      const { current } = view(query, latestSelected());
      if (props.onKey?.(input, key, current) || move(key)) return;
      if (key.return) return current ? props.onChoose(current) : undefined;
      if (key.escape) return query === '' ? props.onCancel() : (setQuery(''), setSelected(0));
      if (key.backspace || key.delete) return (setQuery(query.slice(0, -1)), setSelected(0));
      if (key.ctrl || key.meta || key.tab || input === '' || key.wheel !== undefined || props.filterable === false) return;
      setQuery(query + input.replaceAll(/[\r\n]/g, ' '));
      setSelected(0);
    },
    { isActive: props.active ?? true },
  );

  const { start, end } = visibleRange(shown.length, index, MAX_ROWS);
  const current = shown[index];
  const description = current ? props.describe?.(current) : undefined;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.colors.accent} paddingX={1} width={width}>
      <Text bold>
        {title}
        {query === '' ? null : <Text color={theme.colors.muted}>{`  filter: ${query}`}</Text>}
      </Text>
      {loading ? <Text color={theme.colors.muted}>Loading…</Text> : null}
      {!loading && shown.length === 0 ? <Text color={theme.colors.muted}>{query === '' ? (props.emptyText ?? 'Nothing to show.') : 'No match.'}</Text> : null}
      {start > 0 ? <Text color={theme.colors.muted}>{`  ↑ ${start} more`}</Text> : null}
      {shown.slice(start, end).map((item, offset) => {
        const isSelected = start + offset === index;
        return (
          <Text key={item.key} wrap="truncate-end" color={isSelected ? theme.colors.accent : undefined} bold={isSelected}>
            {isSelected ? '› ' : '  '}
            {item.label}
            {item.detail ? <Text color={theme.colors.muted} bold={false}>{`  ${item.detail}`}</Text> : null}
          </Text>
        );
      })}
      {end < shown.length ? <Text color={theme.colors.muted}>{`  ↓ ${shown.length - end} more`}</Text> : null}
      {description ? <Text color={theme.colors.muted} wrap="wrap">{description}</Text> : null}
      {props.children}
      <Text color={theme.colors.muted}>{props.hint ?? '↑↓ move · type to filter · enter choose · esc close'}</Text>
    </Box>
  );
}
