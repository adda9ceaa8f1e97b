/**
 * What a provider's `stream()` yields. Declared once as a map of payloads; `StreamEvent` is the
 * discriminated union over it. Deltas are for live display; `finish.content` is the complete,
 * validated turn (with every opaque field) that goes into history.
 */
import type { IContent, ToolCallBlock, Usage } from '../content/content.js';
import type { ProviderError } from './provider-error.js';

/** Why the model stopped, normalised, beside the provider's own value. */
export interface FinishReason {
  unified: 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'error' | 'cancelled' | 'other';
  /** The provider's value as sent (`end_turn`, `tool_use`, `STOP`, `length`…), if any. */
  raw: string | undefined;
}

/** Payloads of every stream event, keyed by event type. */
export interface StreamEvents {
  /** Visible answer text. */
  text_delta: { text: string };
  /** Reasoning text; `signature` arrives (Anthropic) once the thinking block is complete. */
  thinking_delta: { text: string; signature?: string };
  /** A tool call has begun; `callId` is its history id (`hist_tool_…`). */
  tool_call_start: { callId: string; name: string };
  /** A fragment of the call's JSON arguments, as streamed. */
  tool_call_delta: { callId: string; argumentsDelta: string };
  /** The call is complete and its arguments parsed. Never emitted for a half-received call. */
  tool_call_end: { call: ToolCallBlock };
  /** Token counts so far (providers may send several; the last one wins). */
  usage: { usage: Usage };
  /** A failed attempt will be retried after `delayMs` (the UI can count down). */
  retry: { attempt: number; maxAttempts: number; delayMs: number; error: ProviderError };
  /** A failure. `recoverable: false` ends the stream. */
  error: { error: ProviderError; recoverable: boolean };
  /** The turn is complete. Always the last event of a successful stream. */
  finish: { reason: FinishReason; content: IContent; usage?: Usage };
}

/** One event of a provider stream, discriminated on `type`. */
export type StreamEvent<K extends keyof StreamEvents = keyof StreamEvents> = {
  [P in K]: { type: P } & StreamEvents[P];
}[K];
