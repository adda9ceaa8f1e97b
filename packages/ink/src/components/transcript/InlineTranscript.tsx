import { Box, Static, Text } from 'ink';
import type { HistoryItem } from '../../state/history-items.js';
import { itemRows, type RenderContext } from './render-item.js';

interface InlineTranscriptProps {
  header: string[];
  items: readonly HistoryItem[];
  context: RenderContext;
  /** The live area never grows past this, so Ink never has to clear the screen. */
  maxLiveRows: number;
}

type StaticEntry = { key: string; rows: string[] };

/**
 * Inline mode: finished items (up to the first unfinished one) are written once into the
 * scrollback through `<Static>`; only the live tail of the turn is redrawn.
 */
export function InlineTranscript({ header, items, context, maxLiveRows }: InlineTranscriptProps) {
  const firstLive = items.findIndex((item) => !item.done);
  const settled = firstLive === -1 ? items : items.slice(0, firstLive);
  const live = firstLive === -1 ? [] : items.slice(firstLive);
  const entries: StaticEntry[] = [{ key: 'header', rows: header }, ...settled.map((item) => ({ key: String(item.id), rows: itemRows(item, context) }))];
  const liveRows = live.flatMap((item) => itemRows(item, context)).slice(-Math.max(1, maxLiveRows));
  return (
    <>
      <Static items={entries}>{(entry) => <Text key={entry.key}>{entry.rows.join('\n')}</Text>}</Static>
      {liveRows.length > 0 ? (
        <Box flexDirection="column">
          <Text>{liveRows.join('\n')}</Text>
        </Box>
      ) : null}
    </>
  );
}
