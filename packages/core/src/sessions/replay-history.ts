/**
 * Rebuilds a conversation from its records: entries are appended, replacements spliced in, and
 * answer text that was streaming when the process died becomes a final partial answer.
 */
import type { IContent } from '../content/content.js';
import { repairContent } from '../content/repair-content.js';
import type { SessionRecord } from './session-records.js';

/** The conversation as recorded, before and after making it valid for the next request. */
export interface ReplayedHistory {
  /** Exactly what the entry and replace records say. */
  recorded: IContent[];
  /** `recorded` plus a recovered partial answer, repaired so the next request is accepted. */
  history: IContent[];
  /** The streamed text of an answer cut off by a crash, if one was recovered. */
  recoveredPartial?: string;
  /** Tool calls that had no response and were closed as interrupted. */
  closedCalls: string[];
  /** Tool responses without a call, dropped. */
  droppedResponses: string[];
  /** Replace records whose bounds did not fit the history (clamped; the file may have lost lines). */
  clampedReplacements: number;
}

function textOf(content: IContent): string {
  return content.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/**
 * Late deltas of an answer already recorded (the event consumer can lag behind the history) are
 * not a new answer: keep the partial only when no answer since the last prompt already holds it.
 */
function isAlreadyRecorded(partial: string, history: readonly IContent[]): boolean {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const content = history[index]!;
    if (content.speaker === 'human') return false;
    if (content.speaker === 'ai' && textOf(content).includes(partial)) return true;
  }
  return false;
}

/** Folds entry and replace records into the history they describe, then repairs it. */
export function replayHistory(records: readonly SessionRecord[]): ReplayedHistory {
  const recorded: IContent[] = [];
  let partial = '';
  let clampedReplacements = 0;
  for (const record of records) {
    if (record.type === 'entry') {
      recorded.push(record.content);
      partial = '';
    } else if (record.type === 'replace') {
      const start = Math.min(record.start, recorded.length);
      const end = Math.min(Math.max(record.end, start), recorded.length);
      if (start !== record.start || end !== record.end) clampedReplacements += 1;
      recorded.splice(start, end - start, ...record.entries);
      partial = '';
    } else if (record.type === 'partial') {
      partial += record.text;
    }
  }
  const withPartial = [...recorded];
  let recoveredPartial: string | undefined;
  if (partial.trim() !== '' && !isAlreadyRecorded(partial, recorded)) {
    recoveredPartial = partial;
    withPartial.push({ speaker: 'ai', blocks: [{ type: 'text', text: partial }], metadata: { timestamp: Date.now() } });
  }
  const repair = repairContent(withPartial);
  return {
    recorded,
    history: repair.history,
    ...(recoveredPartial === undefined ? {} : { recoveredPartial }),
    closedCalls: repair.closedCalls,
    droppedResponses: repair.droppedResponses,
    clampedReplacements,
  };
}
