/**
 * What a listing shows about one session, folded from its records. The fold is incremental (the
 * index keeps it with the byte offset it reached), so a listing re-reads only what was appended.
 */
import type { IContent } from '../content/content.js';
import type { ForkOrigin, SessionRecord, TitleSource } from './session-records.js';
import { fallbackTitle } from './session-title.js';
import { isRecalledContext } from './recall/recall.js';

/** One session as listed. */
export interface SessionSummary {
  id: string;
  cwd?: string;
  /** ms since the epoch. */
  created: number;
  /** Time of the last record. */
  updated: number;
  provider?: string;
  model?: string;
  /** History entries (prompts, answers, tool turns) after compressions. */
  messageCount: number;
  /** Prompts the user sent (compression does not lower it). */
  promptCount: number;
  title: string;
  titleSource: TitleSource | 'fallback';
  firstPrompt?: string;
  archived: boolean;
  forkedFrom?: ForkOrigin;
  /** Lines that could not be read. */
  badLines: number;
}

/** Text of a human turn, when it is a typed prompt (not a tool turn or a synthetic note). */
export function promptText(content: IContent): string | undefined {
  if (content.speaker !== 'human' || content.metadata?.synthetic) return undefined;
  // Recalled context rides in the same turn; the prompt (and so the title) is what the user typed.
  const text = content.blocks.map((block) => (block.type === 'text' && !isRecalledContext(block.text) ? block.text : '')).join(' ').trim();
  return text === '' ? undefined : text;
}

/** The summary of a session with no records yet (an empty or headerless file). */
export function emptySummary(id: string, time: number): SessionSummary {
  return {
    id,
    created: time,
    updated: time,
    messageCount: 0,
    promptCount: 0,
    title: fallbackTitle(undefined),
    titleSource: 'fallback',
    archived: false,
    badLines: 0,
  };
}

function applyHeader(summary: SessionSummary, record: SessionRecord<'session'>): void {
  summary.created = record.created;
  summary.cwd = record.cwd;
  if (record.provider) summary.provider = record.provider;
  if (record.model) summary.model = record.model;
  if (record.forkedFrom) summary.forkedFrom = record.forkedFrom;
}

function applyEntry(summary: SessionSummary, content: IContent): void {
  summary.messageCount += 1;
  const prompt = promptText(content);
  if (prompt === undefined) return;
  summary.promptCount += 1;
  if (summary.firstPrompt === undefined) {
    summary.firstPrompt = prompt.slice(0, 500);
    if (summary.titleSource === 'fallback') summary.title = fallbackTitle(prompt);
  }
}

/** Folds `records` into `summary` (mutating it) and returns it. */
export function foldSummary(summary: SessionSummary, records: readonly SessionRecord[]): SessionSummary {
  for (const record of records) {
    if (record.ts > summary.updated) summary.updated = record.ts;
    switch (record.type) {
      case 'session':
        applyHeader(summary, record);
        break;
      case 'entry':
        applyEntry(summary, record.content);
        break;
      case 'replace':
        summary.messageCount = Math.max(0, summary.messageCount + record.entries.length - (record.end - record.start));
        break;
      case 'model':
        summary.provider = record.provider;
        summary.model = record.model;
        break;
      case 'title':
        if (record.source === 'user' || summary.titleSource !== 'user') {
          summary.title = record.title;
          summary.titleSource = record.source;
        }
        break;
      case 'archived':
        summary.archived = record.archived;
        break;
      default:
        break;
    }
  }
  return summary;
}
