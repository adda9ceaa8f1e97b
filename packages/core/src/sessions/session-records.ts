/**
 * The lines of a session file. Each line is one JSON record; the file is append-only, so every
 * change to a session (a new turn, a compression, a rename) is a new record and a session's state is
 * the fold of its records in order.
 */
import type { ConfirmationOutcome } from '../agent/events.js';
import type { IContent } from '../content/content.js';

/** Bumped when a record changes incompatibly; readers skip headers of a newer version's fields. */
export const SESSION_FORMAT_VERSION = 1;

/** Where a forked session came from. */
export interface ForkOrigin {
  sessionId: string;
  /** How many history entries of the origin the fork starts with. */
  entryCount: number;
}

/** Why part of the recorded history was replaced. */
export type ReplaceReason = 'compressed' | 'repaired' | 'truncated' | 'rewritten';

/** Where a title came from; a user's rename is never overwritten by a generated title. */
export type TitleSource = 'generated' | 'user';

/** The payload of each record, by type. `ts` (ms since the epoch) is on every record. */
export interface SessionRecords {
  /** The first line of every session file. */
  session: {
    v: number;
    id: string;
    cwd: string;
    projectHash: string;
    created: number;
    provider?: string;
    model?: string;
    forkedFrom?: ForkOrigin;
  };
  /** A history entry, as it was added: resume rebuilds the history from these. */
  entry: { content: IContent };
  /** `entries[start, end)` of the history were replaced by `entries` (compression, repair, restore). */
  replace: { start: number; end: number; entries: IContent[]; reason: ReplaceReason };
  /** Streamed answer text not yet in an entry; resume keeps it when the process died mid-answer. */
  partial: { text: string };
  /** The provider and model of a model turn, when they changed. */
  model: { provider: string; model: string };
  /** A confirmation decision with the call's arguments: the audit trail. */
  decision: {
    callId: string;
    tool: string;
    args: Record<string, unknown>;
    outcome: ConfirmationOutcome;
    decidedBy: 'user' | 'policy';
  };
  title: { title: string; source: TitleSource };
  archived: { archived: boolean };
  /** A non-fatal error the session went through (kept for the record, not replayed). */
  error: { message: string };
}

/** One line of a session file. */
export type SessionRecord<K extends keyof SessionRecords = keyof SessionRecords> = {
  [P in K]: { type: P; ts: number } & SessionRecords[P];
}[K];

const RECORD_TYPES = new Set<string>(['session', 'entry', 'replace', 'partial', 'model', 'decision', 'title', 'archived', 'error']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isContent(value: unknown): value is IContent {
  return isObject(value) && typeof value['speaker'] === 'string' && Array.isArray(value['blocks']);
}

/** Checks the fields replay relies on; returns a reason when the record is unusable. */
function recordProblem(record: Record<string, unknown>): string | undefined {
  switch (record['type']) {
    case 'entry':
      return isContent(record['content']) ? undefined : 'entry without a valid content';
    case 'replace': {
      const { start, end, entries } = record;
      const ok = Number.isInteger(start) && Number.isInteger(end) && (start as number) >= 0 && (end as number) >= (start as number);
      return ok && Array.isArray(entries) && entries.every(isContent) ? undefined : 'replace with bad bounds or entries';
    }
    case 'session':
      return typeof record['id'] === 'string' ? undefined : 'session header without an id';
    case 'title':
      return typeof record['title'] === 'string' ? undefined : 'title without text';
    case 'partial':
      return typeof record['text'] === 'string' ? undefined : 'partial without text';
    default:
      return undefined;
  }
}

/** Parses one line; a string result says why the line was rejected. */
export function parseRecordLine(line: string): SessionRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  if (!isObject(value)) return 'not a JSON object';
  const type = value['type'];
  if (typeof type !== 'string' || !RECORD_TYPES.has(type)) return `unknown record type ${JSON.stringify(type)}`;
  const problem = recordProblem(value);
  if (problem) return problem;
  if (typeof value['ts'] !== 'number') value['ts'] = 0;
  return value as SessionRecord;
}
