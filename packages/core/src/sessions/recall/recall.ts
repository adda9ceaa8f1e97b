/**
 * Recall (seed 002): finds where earlier sessions of this project talked about something, and
 * formats the best matches as context the model can read, clearly marked as recalled.
 */
import { refreshIndex } from '../session-index.js';
import type { SessionPaths } from '../session-paths.js';
import { searchRecall, type RecallHit } from './recall-index.js';

/** One place in an earlier session that matches a query. */
export interface RecallMatch {
  sessionId: string;
  title: string;
  /** 1-based prompt number within that session (what `fork` and `/chat resume` talk about). */
  turn: number;
  /** Whether the match is in the user's prompt or in the answer. */
  speaker: 'human' | 'ai';
  /** A short excerpt around the first matching word. */
  snippet: string;
  /** When that part was recorded, ms since the epoch. */
  time: number;
  score: number;
}

/** Options of {@link recall}. */
export interface RecallOptions {
  /** Most matches returned (default 5); one per session turn. */
  limit?: number;
  /** Leave out a session, normally the one in progress. */
  excludeSessionId?: string;
}

const SNIPPET_LENGTH = 200;

/** An excerpt of `text` around the first of `terms` it contains. */
export function snippetOf(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const lower = flat.toLowerCase();
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((position) => position >= 0);
  const hit = positions.length > 0 ? Math.min(...positions) : 0;
  const start = Math.max(0, Math.min(hit - SNIPPET_LENGTH / 3, flat.length - SNIPPET_LENGTH));
  const from = start === 0 ? 0 : flat.indexOf(' ', start) + 1 || start;
  const excerpt = flat.slice(from, from + SNIPPET_LENGTH).trim();
  return `${from > 0 ? '…' : ''}${excerpt}${from + SNIPPET_LENGTH < flat.length ? '…' : ''}`;
}

/** Searches this project's sessions for `query`; the best match of each turn, best first. */
export async function recall(paths: SessionPaths, query: string, options: RecallOptions = {}): Promise<RecallMatch[]> {
  const limit = options.limit ?? 5;
  if (query.trim() === '' || limit <= 0) return [];
  const hits = await searchRecall(paths, query, limit * 8 + 20);
  const summaries = new Map((await refreshIndex(paths)).map((summary) => [summary.id, summary]));
  const seen = new Set<string>();
  const matches: RecallMatch[] = [];
  for (const hit of hits) {
    const key = `${hit.sessionId}#${hit.turn}`;
    if (hit.sessionId === options.excludeSessionId || seen.has(key) || !summaries.has(hit.sessionId)) continue;
    seen.add(key);
    matches.push(toMatch(hit, summaries.get(hit.sessionId)!.title));
    if (matches.length === limit) break;
  }
  return matches;
}

function toMatch(hit: RecallHit, title: string): RecallMatch {
  return {
    sessionId: hit.sessionId,
    title,
    turn: hit.turn,
    speaker: hit.speaker,
    snippet: snippetOf(hit.text, hit.terms),
    time: hit.time,
    score: hit.score,
  };
}

const RECALLED_CONTEXT_OPEN = '<recalled_context>';

/** A text block alfred added to a prompt from earlier sessions: not what the user typed. */
export function isRecalledContext(text: string): boolean {
  return text.startsWith(RECALLED_CONTEXT_OPEN);
}

/**
 * The matches as a block of context for the model, marked so it (and anyone reading the
 * transcript) knows this is recalled from earlier sessions and may be out of date. Empty when
 * there is nothing to recall.
 */
export function formatRecalledContext(matches: readonly RecallMatch[]): string {
  if (matches.length === 0) return '';
  const lines = [
    RECALLED_CONTEXT_OPEN,
    'Excerpts from earlier alfred sessions in this project that match the current prompt. They may be outdated; use them only where relevant.',
  ];
  matches.forEach((match, index) => {
    const date = new Date(match.time).toISOString().slice(0, 10);
    const who = match.speaker === 'human' ? 'the user asked' : 'alfred answered';
    lines.push('', `[${index + 1}] "${match.title}" (${date}, turn ${match.turn}), ${who}:`, match.snippet);
  });
  lines.push('</recalled_context>');
  return lines.join('\n');
}
