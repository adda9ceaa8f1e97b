/**
 * The per-project `index.json`: derived data that makes listing fast. Every listing checks each
 * session file's size and mtime against it and re-reads only what changed (just the appended bytes
 * when a file grew), so a missing, stale or corrupt index costs time, never correctness. Writes are
 * atomic and merge with what another process wrote meanwhile, under a lock.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { withFileLock } from '../settings/file-lock.js';
import { writeFileAtomic } from '../workspace/atomic-write.js';
import { scanSessionFile } from './read-session.js';
import { sessionFile, type SessionPaths } from './session-paths.js';
import { emptySummary, foldSummary, type SessionSummary } from './session-summary.js';

const INDEX_VERSION = 1;

/** What the index keeps per session file. */
interface IndexEntry {
  summary: SessionSummary;
  /** Bytes folded into `summary` (always a line boundary). */
  bytes: number;
  size: number;
  mtimeMs: number;
}

interface IndexData {
  version: number;
  sessions: Record<string, IndexEntry>;
}

function readIndex(file: string): Record<string, IndexEntry> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as IndexData;
    if (data.version !== INDEX_VERSION || typeof data.sessions !== 'object' || data.sessions === null) return {};
    return data.sessions;
  } catch {
    return {};
  }
}

/** The ids of the session files in the project's folder. */
export function sessionIds(paths: SessionPaths): string[] {
  try {
    return readdirSync(paths.sessionsDir)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => name.slice(0, -'.jsonl'.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Reads (or continues reading) one session file into its index entry. */
function refreshEntry(paths: SessionPaths, id: string, previous: IndexEntry | undefined): IndexEntry | undefined {
  const file = sessionFile(paths, id);
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return undefined;
  }
  if (previous && previous.size === stats.size && previous.mtimeMs === stats.mtimeMs) return previous;
  const resume = previous !== undefined && stats.size >= previous.bytes && previous.bytes > 0;
  const scan = scanSessionFile(file, resume ? previous.bytes : 0);
  const base = resume ? structuredClone(previous.summary) : emptySummary(id, stats.mtimeMs);
  const summary = foldSummary(base, scan.records);
  summary.id = id;
  summary.badLines += scan.issues.length;
  return { summary, bytes: scan.endByte, size: stats.size, mtimeMs: stats.mtimeMs };
}

/**
 * Brings the index up to date with the session files and returns every session's summary
 * (unsorted). Writes the index back only when something changed.
 */
export async function refreshIndex(paths: SessionPaths): Promise<SessionSummary[]> {
  const ids = sessionIds(paths);
  const previous = readIndex(paths.indexFile);
  const current: Record<string, IndexEntry> = {};
  let changed = Object.keys(previous).length !== ids.length;
  for (const id of ids) {
    const entry = refreshEntry(paths, id, previous[id]);
    if (!entry) continue;
    if (entry !== previous[id]) changed = true;
    current[id] = entry;
  }
  // Derived data: if it cannot be saved (lock timeout, read-only home) the next listing rebuilds it.
  if (changed) await writeIndex(paths, current).catch(() => undefined);
  return Object.values(current).map((entry) => entry.summary);
}

/** Writes the index, keeping another process's newer reading of a file (the one that read further). */
async function writeIndex(paths: SessionPaths, entries: Record<string, IndexEntry>): Promise<void> {
  await withFileLock(paths.indexFile, async () => {
    const onDisk = readIndex(paths.indexFile);
    const merged: Record<string, IndexEntry> = {};
    for (const [id, entry] of Object.entries(entries)) {
      const other = onDisk[id];
      merged[id] = other && other.bytes > entry.bytes && other.size >= entry.size ? other : entry;
    }
    const data: IndexData = { version: INDEX_VERSION, sessions: merged };
    await writeFileAtomic(paths.indexFile, JSON.stringify(data));
  });
}
