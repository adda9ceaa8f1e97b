/** One row of a list dialog. */
export interface SelectItem {
  /** Stable identity (a model id, a setting's key path). */
  key: string;
  label: string;
  /** Dimmed text after the label. */
  detail?: string;
}

/** Items whose label or detail contains every word of `query`, ignoring case. */
export function filterItems<Item extends SelectItem>(items: readonly Item[], query: string): Item[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = `${item.label} ${item.detail ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The slice of a long list to draw so the selected row stays visible. */
export function visibleRange(count: number, selected: number, max: number): { start: number; end: number } {
  if (count <= max) return { start: 0, end: count };
  const start = Math.min(Math.max(0, selected - Math.floor(max / 2)), count - max);
  return { start, end: start + max };
}
