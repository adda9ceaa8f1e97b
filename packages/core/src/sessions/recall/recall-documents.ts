/**
 * What recall searches: each prompt and each answer of a session becomes one document, numbered by
 * the turn (prompt) it belongs to. Tool output is left out: it is bulky and rarely what a person
 * remembers a session by.
 */
import type { IContent } from '../../content/content.js';
import type { SessionRecord } from '../session-records.js';
import { promptText } from '../session-summary.js';

/** One searchable piece of an earlier session. */
export interface RecallDocument {
  id: string;
  sessionId: string;
  /** 1-based prompt number within the session. */
  turn: number;
  speaker: 'human' | 'ai';
  text: string;
  time: number;
}

/** Longest text kept per document; answers longer than this are searched by their beginning. */
const MAX_TEXT = 4_000;

function answerText(content: IContent): string | undefined {
  if (content.speaker !== 'ai') return undefined;
  const text = content.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('').trim();
  return text === '' ? undefined : text;
}

/** Where the reading of a session's records stopped, so the next reading can continue. */
export interface DocumentCursor {
  turn: number;
  nextDoc: number;
}

/** Turns new records of `sessionId` into documents, advancing `cursor`. */
export function documentsFrom(sessionId: string, records: readonly SessionRecord[], cursor: DocumentCursor): RecallDocument[] {
  const documents: RecallDocument[] = [];
  for (const record of records) {
    if (record.type !== 'entry') continue;
    const prompt = promptText(record.content);
    if (prompt !== undefined) cursor.turn += 1;
    const text = prompt ?? answerText(record.content);
    if (text === undefined || cursor.turn === 0) continue;
    documents.push({
      id: `${sessionId}#${cursor.nextDoc}`,
      sessionId,
      turn: cursor.turn,
      speaker: prompt !== undefined ? 'human' : 'ai',
      text: text.slice(0, MAX_TEXT),
      time: record.ts,
    });
    cursor.nextDoc += 1;
  }
  return documents;
}
