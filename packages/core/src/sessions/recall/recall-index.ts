/**
 * Full-text recall over a project's earlier sessions (MiniSearch, BM25 with prefix and fuzzy
 * matching). The index is derived data in `recall.json`: every search first reads what was appended
 * to the session files since the last one, so it is current without the recorder doing any work.
 */
import { readFileSync, statSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { writeFileAtomic } from '../../workspace/atomic-write.js';
import { scanSessionFile } from '../read-session.js';
import { sessionIds } from '../session-index.js';
import { sessionFile, type SessionPaths } from '../session-paths.js';
import { documentsFrom, type DocumentCursor, type RecallDocument } from './recall-documents.js';

const RECALL_VERSION = 1;

/** Words too common to say anything about which session is meant. */
const STOP_WORDS = new Set(
  'a an and are as at be but by can did do does for from had has have how i if in into is it its me my of on or our so that the their then there these this to was we were what when where which who why will with you your'.split(' '),
);

const SEARCH_OPTIONS = {
  fields: ['text'],
  storeFields: ['sessionId', 'turn', 'speaker', 'text', 'time'],
  processTerm: (term: string) => {
    const lower = term.toLowerCase();
    return STOP_WORDS.has(lower) ? null : lower;
  },
};

interface SessionState extends DocumentCursor {
  bytes: number;
  size: number;
  mtimeMs: number;
}

interface RecallData {
  version: number;
  sessions: Record<string, SessionState>;
  index: unknown;
}

/** One hit: where in which session. */
export interface RecallHit {
  sessionId: string;
  turn: number;
  speaker: 'human' | 'ai';
  /** The matching document's text (up to 4,000 characters). */
  text: string;
  time: number;
  score: number;
  terms: string[];
}

function load(paths: SessionPaths): { sessions: Record<string, SessionState>; search: MiniSearch<RecallDocument> } {
  try {
    const data = JSON.parse(readFileSync(paths.recallFile, 'utf8')) as RecallData;
    if (data.version === RECALL_VERSION) {
      return { sessions: data.sessions, search: MiniSearch.loadJS(data.index as never, SEARCH_OPTIONS) };
    }
  } catch {
    // Missing or damaged: recall.json is rebuilt from the session files below.
  }
  return { sessions: {}, search: new MiniSearch<RecallDocument>(SEARCH_OPTIONS) };
}

function discardSession(search: MiniSearch<RecallDocument>, sessionId: string, state: SessionState): void {
  for (let doc = 0; doc < state.nextDoc; doc += 1) {
    const id = `${sessionId}#${doc}`;
    if (search.has(id)) search.discard(id);
  }
}

/** Brings the recall index up to date with the session files; returns it. */
export async function refreshRecall(paths: SessionPaths): Promise<MiniSearch<RecallDocument>> {
  const { sessions, search } = load(paths);
  let changed = false;
  const ids = new Set(sessionIds(paths));
  for (const [id, state] of Object.entries(sessions)) {
    if (ids.has(id)) continue;
    discardSession(search, id, state);
    delete sessions[id];
    changed = true;
  }
  for (const id of ids) {
    const file = sessionFile(paths, id);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) continue;
    let state = sessions[id];
    if (state && state.size === stats.size && state.mtimeMs === stats.mtimeMs) continue;
    if (state && stats.size < state.bytes) {
      discardSession(search, id, state);
      state = undefined;
    }
    const next: SessionState = state ? { ...state } : { bytes: 0, size: 0, mtimeMs: 0, turn: 0, nextDoc: 0 };
    const scan = scanSessionFile(file, next.bytes);
    search.addAll(documentsFrom(id, scan.records, next));
    sessions[id] = { ...next, bytes: scan.endByte, size: stats.size, mtimeMs: stats.mtimeMs };
    changed = true;
  }
  if (changed) {
    const data: RecallData = { version: RECALL_VERSION, sessions, index: search.toJSON() };
    // Derived data: if it cannot be saved the next search rebuilds it, so a failed write is not an error.
    await writeFileAtomic(paths.recallFile, JSON.stringify(data)).catch(() => undefined);
  }
  return search;
}

/** Searches the project's sessions; hits are documents, best first. */
export async function searchRecall(paths: SessionPaths, query: string, limit: number): Promise<RecallHit[]> {
  const search = await refreshRecall(paths);
  const results = search.search(query, { prefix: (term) => term.length >= 3, fuzzy: (term) => (term.length >= 5 ? 0.2 : false) });
  return results.slice(0, limit).map((result) => ({
    sessionId: result['sessionId'] as string,
    turn: result['turn'] as number,
    speaker: result['speaker'] as 'human' | 'ai',
    text: result['text'] as string,
    time: result['time'] as number,
    score: result.score,
    terms: result.terms,
  }));
}
