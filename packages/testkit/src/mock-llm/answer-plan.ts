import type { MockTurn } from './types.js';

/** A tool call with its arguments already serialised and split into deltas. */
export interface PlannedToolCall {
  /** The id the script gave, if any; each family makes up its own otherwise. */
  id: string | undefined;
  name: string;
  argumentsJson: string;
  argumentChunks: string[];
  /** The arguments as an object, for formats that carry a structure (Anthropic `input`, Gemini `args`). */
  argumentsObject: Record<string, unknown>;
}

/** Usage with every count resolved. */
export interface PlannedUsage {
  input: number;
  output: number;
  cachedRead: number;
  cacheWrite: number;
  thinking: number;
}

/** A scripted turn normalised into what every family's encoder needs. */
export interface AnswerPlan {
  textChunks: string[];
  thinking: { chunks: string[]; signature: string | undefined } | undefined;
  toolCalls: PlannedToolCall[];
  usage: PlannedUsage;
  stopReason: 'end' | 'tool_use' | 'max_tokens';
  /** Per-request sequence number, for ids like `msg_mock_3`. */
  sequence: number;
}

/** The answer served when the script has run out, so a test fails on content instead of hanging. */
export const EMPTY_QUEUE_TEXT = 'mock: no scripted turn left';

/** Splits text at word boundaries into chunks of about three words; joining them gives the text back. */
export function splitText(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? (text === '' ? [] : [text]);
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += 3) chunks.push(words.slice(index, index + 3).join(''));
  return chunks;
}

/** Splits a string into `count` pieces by code points (never inside a surrogate pair). */
export function splitIntoPieces(value: string, count: number): string[] {
  const codePoints = Array.from(value);
  const pieces = Math.max(1, Math.min(count, codePoints.length));
  const size = Math.ceil(codePoints.length / pieces);
  const result: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) result.push(codePoints.slice(start, start + size).join(''));
  return result.length > 0 ? result : [''];
}

function parseArguments(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // A deliberately broken argument string still needs an object for the structured formats.
  }
  return { _raw: json };
}

/** Rough token estimate (4 characters a token), the same the context-window check uses. */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.ceil(text.length / 4);
}

/** Resolves a scripted turn's text, thinking, calls, usage and stop reason. */
export function planAnswer(turn: MockTurn, sequence: number, promptTokens: number): AnswerPlan {
  const textChunks = Array.isArray(turn.text) ? [...turn.text] : splitText(turn.text ?? '');
  const thinking = turn.thinking
    ? { chunks: splitText(turn.thinking.text), signature: turn.thinking.signature }
    : undefined;
  const toolCalls = (turn.toolCalls ?? []).map((call): PlannedToolCall => {
    const argumentsJson = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    return {
      id: call.id,
      name: call.name,
      argumentsJson,
      argumentChunks: splitIntoPieces(argumentsJson, call.chunks ?? 3),
      argumentsObject: typeof call.arguments === 'string' ? parseArguments(call.arguments) : call.arguments,
    };
  });
  const visible = textChunks.join('') + toolCalls.map((call) => call.name + call.argumentsJson).join('');
  const usage: PlannedUsage = {
    input: turn.usage?.input ?? promptTokens,
    output: turn.usage?.output ?? Math.max(1, estimateTokens(visible)),
    cachedRead: turn.usage?.cachedRead ?? 0,
    cacheWrite: turn.usage?.cacheWrite ?? 0,
    thinking: turn.usage?.thinking ?? (thinking ? estimateTokens(turn.thinking?.text ?? '') : 0),
  };
  const stopReason = turn.stopReason ?? (toolCalls.length > 0 ? 'tool_use' : 'end');
  return { textChunks, thinking, toolCalls, usage, stopReason, sequence };
}

/** The plan of the "queue is empty" answer. */
export function emptyQueuePlan(sequence: number, promptTokens: number): AnswerPlan {
  return planAnswer({ text: EMPTY_QUEUE_TEXT }, sequence, promptTokens);
}
