/**
 * Loads one session file for resuming or forking: reads what can be read, rebuilds and repairs the
 * history, and says in plain words what was wrong so the user can be told.
 */
import { copyFileSync, existsSync, truncateSync } from 'node:fs';
import type { IContent } from '../content/content.js';
import { scanSessionFile, type RecordIssue } from './read-session.js';
import { replayHistory } from './replay-history.js';
import type { SessionRecord } from './session-records.js';
import { emptySummary, foldSummary, type SessionSummary } from './session-summary.js';

/** A session read from its file. */
export interface LoadedSession {
  id: string;
  file: string;
  summary: SessionSummary;
  /** What the entry records hold, exactly. */
  recorded: IContent[];
  /** The history to continue with: `recorded`, plus a recovered partial answer, repaired. */
  history: IContent[];
  records: SessionRecord[];
  issues: RecordIssue[];
  /** A copy of a damaged file, kept beside it before anything was appended. */
  backupFile?: string;
  /** The file ends without a newline after a complete record: the next record starts a new line. */
  needsNewline: boolean;
  /** Sentences for the user about what was repaired or skipped; empty when the file was clean. */
  notices: string[];
}

function describe(loaded: Omit<LoadedSession, 'notices'>, replay: ReturnType<typeof replayHistory>, torn: boolean): string[] {
  const notices: string[] = [];
  if (torn) notices.push('The last record was cut off (alfred stopped while writing it) and was skipped.');
  if (loaded.issues.length > 0) {
    const lines = loaded.issues.map((issue) => issue.line).join(', ');
    notices.push(`${loaded.issues.length} damaged line(s) were skipped (line ${lines}); a copy of the file was kept at ${loaded.backupFile ?? 'its folder'}.`);
  }
  if (replay.recoveredPartial !== undefined) notices.push('The answer that was streaming when alfred stopped was recovered as far as it got.');
  if (replay.closedCalls.length > 0) {
    notices.push(`${replay.closedCalls.length} tool call(s) that never finished were marked as interrupted.`);
  }
  if (replay.droppedResponses.length > 0) {
    notices.push(`${replay.droppedResponses.length} tool response(s) without a matching call were dropped.`);
  }
  return notices;
}

/**
 * Reads `file`. With `forWriting`, a torn last line is cut off (it is the writer's own unfinished
 * record) and a file with damaged lines is first copied to `<file>.corrupt-<time>` so nothing that
 * might be recovered by hand is lost.
 */
export function loadSessionFile(id: string, file: string, options: { forWriting: boolean }): LoadedSession {
  const scan = scanSessionFile(file);
  let backupFile: string | undefined;
  if (options.forWriting && scan.issues.length > 0) {
    backupFile = `${file}.corrupt-${Date.now()}`;
    if (!existsSync(backupFile)) copyFileSync(file, backupFile);
  }
  if (options.forWriting && scan.tornTail) truncateSync(file, scan.endByte);
  const summary = foldSummary(emptySummary(id, Date.now()), scan.records);
  summary.id = id;
  summary.badLines = scan.issues.length;
  const replay = replayHistory(scan.records);
  const loaded = {
    id,
    file,
    summary,
    recorded: replay.recorded,
    history: replay.history,
    records: scan.records,
    issues: scan.issues,
    needsNewline: !scan.tornTail && !scan.endsWithNewline,
    ...(backupFile ? { backupFile } : {}),
  };
  return { ...loaded, notices: describe(loaded, replay, scan.tornTail) };
}
