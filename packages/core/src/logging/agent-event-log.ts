/**
 * The agent loop in the debug log: one line per request start and end (with a request id, time
 * to first token and duration), per tool call and result, per retry, compression and error. Text
 * deltas are not logged line by line; content (tool arguments, command lines) only when asked.
 */
import type { AgentEvent, AgentEvents } from '../agent/events.js';
import { newRequestId, type Logger } from './debug-log.js';

/** Options of `agentEventLog`. */
export interface AgentEventLogOptions {
  /** Log tool descriptions and arguments (they can hold file contents and command lines). */
  logContent?: boolean;
  /** Milliseconds; defaults to `performance.now()`. */
  now?: () => number;
}

/** An observer that writes the loop's events to `logger` under the `agent` component. */
export function agentEventLog(logger: Logger, options: AgentEventLogOptions = {}): { observe(event: AgentEvent): void } {
  const log = logger.child({ component: 'agent' });
  const now = options.now ?? (() => performance.now());
  let request: { log: Logger; startedAt: number; firstTokenMs: number | undefined; deltas: number } | undefined;
  const tools = new Map<string, string>();

  const endRequest = (outcome: string, fields: Record<string, unknown> = {}): void => {
    if (!request) return;
    const durationMs = Math.round(now() - request.startedAt);
    request.log.info('model request ended', { outcome, durationMs, firstTokenMs: request.firstTokenMs, deltas: request.deltas, ...fields });
    request = undefined;
  };

  const toolCall = (call: AgentEvents['tool_call']['call']): void => {
    endRequest('ok');
    tools.set(call.id, call.name);
    const content = options.logContent ? { description: call.description, args: call.args } : {};
    log.debug('tool call', { callId: call.id, tool: call.name, kind: call.kind, ...content });
  };

  const error = (event: AgentEvents['error']): void => {
    (request?.log ?? log)[event.recoverable ? 'warn' : 'error'](event.message, { kind: event.kind, recoverable: event.recoverable });
    if (!event.recoverable) endRequest('error', { kind: event.kind });
  };

  const observe = (event: AgentEvent): void => {
    switch (event.type) {
      case 'turn_start':
        endRequest('ok');
        request = { log: log.child({ requestId: newRequestId() }), startedAt: now(), firstTokenMs: undefined, deltas: 0 };
        request.log.info('model request started', { turn: event.turn, provider: event.provider, model: event.model });
        return;
      case 'text_delta':
      case 'thinking_delta':
        if (!request) return;
        request.deltas += 1;
        request.firstTokenMs ??= Math.round(now() - request.startedAt);
        return;
      case 'usage':
        return endRequest('ok', { usage: event.usage, contextTokens: event.contextTokens, contextWindow: event.contextWindow });
      case 'retry':
        (request?.log ?? log).warn('retrying the model request', { attempt: event.attempt, delayMs: event.delayMs, reason: event.reason });
        return;
      case 'tool_call':
        return toolCall(event.call);
      case 'tool_confirmation_result':
        log.info('tool confirmation answered', { callId: event.callId, tool: tools.get(event.callId), outcome: event.outcome.kind, decidedBy: event.decidedBy });
        return;
      case 'tool_result':
        log.info('tool finished', { callId: event.callId, tool: tools.get(event.callId), status: event.status, durationMs: event.durationMs });
        tools.delete(event.callId);
        return;
      case 'compressed':
        log.info('history compressed', { tokensBefore: event.tokensBefore, tokensAfter: event.tokensAfter });
        return;
      case 'loop_detected':
        log.warn('loop detected', { kind: event.kind });
        return;
      case 'error':
        return error(event);
      case 'done':
        endRequest(event.reason === 'stop' ? 'ok' : event.reason);
        log.info('prompt done', { reason: event.reason });
        return;
      default:
        return;
    }
  };
  return { observe };
}
