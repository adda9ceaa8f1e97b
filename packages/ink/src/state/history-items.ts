import type { ConfirmationOutcome, ConfirmationView, ToolCallStatus, ToolResultView } from '@alfred/core';

/**
 * The view models the transcript is made of. Items are immutable: an update replaces the item, so
 * an unchanged (finished) item keeps its identity and its rendered rows can be cached by it.
 */

/** One tool call inside a group, with everything its box shows. */
export interface ToolCallView {
  id: string;
  name: string;
  description: string;
  kind: string;
  args: Record<string, unknown>;
  status: ToolCallStatus;
  /** The last lines of live output while it runs (already sanitised). */
  outputTail: string;
  startedAt?: number;
  durationMs?: number;
  result?: ToolResultView;
  confirmation?: ConfirmationView;
  outcome?: ConfirmationOutcome;
}

interface ItemBase {
  id: number;
  /** A finished item never changes again; inline mode writes it into `<Static>`. */
  done: boolean;
}

export type HistoryItem =
  | (ItemBase & { kind: 'user'; text: string; shell: boolean })
  /** `continued` marks a later part of an answer split at a closed markdown block. */
  | (ItemBase & { kind: 'answer'; text: string; continued: boolean })
  | (ItemBase & { kind: 'thinking'; text: string })
  | (ItemBase & { kind: 'tool_group'; calls: ToolCallView[] })
  | (ItemBase & { kind: 'info' | 'warning' | 'error'; text: string })
  | (ItemBase & { kind: 'compressed'; tokensBefore: number; tokensAfter: number })
  | (ItemBase & { kind: 'retry'; attempt: number; reason: string; until: number });

export type HistoryItemKind = HistoryItem['kind'];

/** An item before the transcript numbers it (the omit distributes over the union). */
export type NewHistoryItem = HistoryItem extends infer Item ? (Item extends HistoryItem ? Omit<Item, 'id'> : never) : never;

/** A confirmation waiting for the user; the oldest is shown first. */
export interface PendingConfirmation {
  callId: string;
  view: ConfirmationView;
  call?: ToolCallView;
}

/** The whole transcript plus the state of the running turn. */
export interface TranscriptState {
  items: HistoryItem[];
  nextId: number;
  /** Set while a `send()` runs; the spinner counts from here. */
  turnStartedAt?: number;
  confirmations: PendingConfirmation[];
  sessionTokens: number;
  contextTokens: number;
  contextWindow: number;
  /** Whether thinking blocks are shown in full. */
  thinkingExpanded: boolean;
}

export const EMPTY_TRANSCRIPT: TranscriptState = {
  items: [],
  nextId: 1,
  confirmations: [],
  sessionTokens: 0,
  contextTokens: 0,
  contextWindow: 0,
  thinkingExpanded: false,
};
