import type { AgentEvent, UsageFigures } from '@alfred/core';

/** What a headless run reports up front in `stream-json` and in the `json` object. */
export interface RunInfo {
  sessionId: string;
  provider: string;
  model: string;
  cwd: string;
  approvalMode: string;
}

/** One tool call as the `json` output reports it. */
export interface JsonToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  status: 'completed' | 'error' | 'cancelled' | 'pending';
  summary?: string;
  output?: string;
  durationMs?: number;
}

/** The single object `--output-format json` prints: a fold over the same events stream-json prints. */
export interface JsonResult {
  session_id: string;
  provider: string;
  model: string;
  response: string;
  tool_calls: JsonToolCall[];
  usage: { input: number; output: number; cached_read: number; cache_write: number; thinking: number; requests: number };
  errors: Array<{ message: string; kind?: string }>;
  done_reason: string;
}

/** The empty fold, ready for `foldJson`. */
export function emptyJsonResult(info: RunInfo): JsonResult {
  return {
    session_id: info.sessionId,
    provider: info.provider,
    model: info.model,
    response: '',
    tool_calls: [],
    usage: { input: 0, output: 0, cached_read: 0, cache_write: 0, thinking: 0, requests: 0 },
    errors: [],
    done_reason: 'stop',
  };
}

/**
 * Folds one event into the json result. `response` is the text of the last model turn, the
 * answer a script wants; earlier turns' narration stays in the stream-json output.
 */
export function foldJson(result: JsonResult, event: AgentEvent): JsonResult {
  switch (event.type) {
    case 'turn_start':
      return { ...result, response: '', model: event.model, provider: event.provider };
    case 'text_delta':
      return { ...result, response: result.response + event.text };
    case 'tool_call':
      return { ...result, tool_calls: [...result.tool_calls, { id: event.call.id, name: event.call.name, args: event.call.args, status: 'pending' }] };
    case 'tool_result':
      return {
        ...result,
        tool_calls: result.tool_calls.map((call) =>
          call.id === event.callId
            ? { ...call, status: event.status, summary: event.view.summary, ...(event.view.text ? { output: event.view.text } : {}), durationMs: event.durationMs }
            : call,
        ),
      };
    case 'usage':
      return { ...result, usage: addUsage(result.usage, event.usage) };
    case 'error':
      return { ...result, errors: [...result.errors, { message: event.message, ...(event.kind ? { kind: event.kind } : {}) }] };
    case 'loop_detected':
      return { ...result, errors: [...result.errors, { message: `loop detected: ${event.detail}`, kind: 'loop_detected' }] };
    case 'done':
      return { ...result, done_reason: event.reason };
    default:
      return result;
  }
}

function addUsage(total: JsonResult['usage'], usage: UsageFigures): JsonResult['usage'] {
  return {
    input: total.input + usage.input,
    output: total.output + usage.output,
    cached_read: total.cached_read + (usage.cachedRead ?? 0),
    cache_write: total.cache_write + (usage.cacheWrite ?? 0),
    thinking: total.thinking + (usage.thinking ?? 0),
    requests: total.requests + 1,
  };
}

/** The events `stream-json` prints; the rest (tool_start, turn_start…) are UI detail. */
const STREAMED = new Set<AgentEvent['type']>([
  'text_delta',
  'thinking_delta',
  'tool_call',
  'tool_output',
  'tool_result',
  'usage',
  'compressed',
  'retry',
  'loop_detected',
  'max_turns',
  'error',
  'done',
]);

/** The JSON line for one event, or undefined when `stream-json` leaves it out. */
export function streamJsonLine(event: AgentEvent): string | undefined {
  if (!STREAMED.has(event.type)) return undefined;
  return JSON.stringify({ ...event, timestamp: new Date().toISOString() });
}

/** The first line of `stream-json`. */
export function initLine(info: RunInfo): string {
  return JSON.stringify({
    type: 'init',
    session_id: info.sessionId,
    provider: info.provider,
    model: info.model,
    cwd: info.cwd,
    approval_mode: info.approvalMode,
    timestamp: new Date().toISOString(),
  });
}

/** Exit codes of the `alfred` command, documented in docs/headless.md. */
export const EXIT_CODES = { ok: 0, runtime: 1, usage: 2, interrupted: 130 } as const;

/** The exit code a finished run earns. */
export function exitCodeFor(reason: string): number {
  if (reason === 'cancelled') return EXIT_CODES.interrupted;
  if (reason === 'error') return EXIT_CODES.runtime;
  return EXIT_CODES.ok;
}
