import { Box, Static, Text } from 'ink';
import { useRef } from 'react';
import type { Scrollback } from '../../app/scrollback.js';
import type { HistoryItem } from '../../state/history-items.js';
import { markdownReady } from '../../markdown/lazy-markdown.js';
import { itemRows, type RenderContext } from './render-item.js';

interface InlineTranscriptProps {
  header: string[];
  items: readonly HistoryItem[];
  context: RenderContext;
  /** The live area never grows past this, so Ink never has to clear the screen. */
  maxLiveRows: number;
  /** Where finished rows go; without it (component tests) they go through Ink's `<Static>`. */
  scrollback?: Scrollback | undefined;
}

type StaticEntry = { key: string; rows: string[] };

function LiveRows({ rows }: { rows: string[] }) {
  if (rows.length === 0) return null;
  return (
    <Box flexDirection="column">
      <Text>{rows.join('\n')}</Text>
    </Box>
  );
}

/**
 * Inline mode: finished items (up to the first unfinished one) are written once into the
 * scrollback; only the live tail of the turn is redrawn.
 */
export function InlineTranscript({ header, items, context, maxLiveRows, scrollback }: InlineTranscriptProps) {
  if (scrollback) return <ScrollbackTranscript header={header} items={items} context={context} maxLiveRows={maxLiveRows} scrollback={scrollback} />;
  const firstLive = items.findIndex((item) => !item.done);
  const settled = firstLive === -1 ? items : items.slice(0, firstLive);
  const live = firstLive === -1 ? [] : items.slice(firstLive);
  const entries: StaticEntry[] = [{ key: 'header', rows: header }, ...settled.map((item) => ({ key: String(item.id), rows: itemRows(item, context) }))];
  const liveRows = live.flatMap((item) => itemRows(item, context)).slice(-Math.max(1, maxLiveRows));
  return (
    <>
      <Static items={entries}>{(entry) => <Text key={entry.key}>{entry.rows.join('\n')}</Text>}</Static>
      <LiveRows rows={liveRows} />
    </>
  );
}

interface Batch {
  key: string;
  marker: string;
}

/**
 * Finished items leave the live area in the same frame that writes them into the scrollback, so
 * each row is on screen exactly once. Batches are worked out from refs during render (and so the
 * same if React renders twice): Ink writes static output and the frame from one render.
 */
function ScrollbackTranscript({ header, items, context, maxLiveRows, scrollback }: Required<InlineTranscriptProps>) {
  const batches = useRef<Batch[]>([]);
  const coveredUpTo = useRef<number | undefined>(undefined);
  const firstLive = items.findIndex((item) => !item.done);
  const settled = firstLive === -1 ? items : items.slice(0, firstLive);
  const covered = coveredUpTo.current;
  const fresh = covered === undefined ? settled : settled.filter((item) => item.id > covered);
  // The scrollback cannot be redrawn: answers wait (in the live area) for the markdown renderer,
  // which loads just after the first frame, rather than going in as plain text.
  const ready = markdownReady() || !fresh.some((item) => item.kind === 'answer');
  if (ready && (covered === undefined || fresh.length > 0)) {
    const last = fresh.at(-1)?.id ?? 0;
    const key = `${fresh[0]?.id ?? 0}-${last}`;
    const rows = [...(covered === undefined ? header : []), ...fresh.flatMap((item) => itemRows(item, context))];
    batches.current = [...batches.current, { key, marker: scrollback.hold(key, rows) }];
    coveredUpTo.current = Math.max(last, covered ?? 0);
  }
  const upTo = coveredUpTo.current ?? Number.NEGATIVE_INFINITY;
  const live = items.filter((item) => item.id > upTo);
  const liveRows = [...(coveredUpTo.current === undefined ? header : []), ...live.flatMap((item) => itemRows(item, context))].slice(-Math.max(1, maxLiveRows));
  return (
    <>
      <Static items={batches.current}>{(batch) => <Text key={batch.key}>{batch.marker}</Text>}</Static>
      <LiveRows rows={liveRows} />
    </>
  );
}
