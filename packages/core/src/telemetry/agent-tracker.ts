/**
 * Turns the agent's event stream into spans and measurements: one span per prompt, one per model
 * request (turn_start → usage, or its failure) and one per tool call (tool_call → tool_result),
 * plus counters and histograms. It only watches events; the loop is not instrumented from inside.
 * Content goes through the gate; redaction happens in the sink it is given.
 */
import type { AgentEvent, AgentEvents, ConfirmationOutcome } from '../agent/events.js';
import type { ContentGate } from './privacy-filter.js';
import { COUNTERS, HISTOGRAMS, SPANS, type Attributes, type SpanHandle, type TelemetrySink } from './telemetry-sink.js';

interface OpenRequest {
  span: SpanHandle;
  labels: Attributes;
  startedAt: number;
  firstTokenAt: number | undefined;
  retries: number;
  text: string;
}

interface OpenTool {
  span: SpanHandle;
  name: string;
  kind: string;
  asked: boolean;
  decision: string | undefined;
  started: boolean;
}

interface OpenPrompt {
  span: SpanHandle;
  startedAt: number;
  requests: number;
  toolCalls: number;
}

/** How a confirmation answer is named in telemetry. */
function decisionOf(outcome: ConfirmationOutcome, decidedBy: 'user' | 'policy'): string {
  const prefix = decidedBy === 'policy' ? 'policy_' : '';
  switch (outcome.kind) {
    case 'proceed_once':
      return `${prefix}approved`;
    case 'proceed_always_session':
    case 'proceed_always_save':
      return `${prefix}approved_always`;
    case 'modify':
      return `${prefix}modified`;
    case 'cancel':
      return `${prefix}declined`;
  }
}

/** Watches one session's events and reports them to a sink. */
export class AgentTracker {
  private prompt: OpenPrompt | undefined;
  private request: OpenRequest | undefined;
  private readonly tools = new Map<string, OpenTool>();

  constructor(
    private readonly sink: TelemetrySink,
    private readonly gate: ContentGate,
    private readonly now: () => number,
  ) {}

  /** Opens the prompt span now, with the prompt's text when content may be logged. */
  beginPrompt(text?: string): void {
    if (this.prompt) return;
    const time = this.now();
    const content = text === undefined ? undefined : this.gate.content(text);
    this.prompt = { span: this.sink.startSpan(SPANS.prompt, { 'alfred.prompt.text': content }, time), startedAt: time, requests: 0, toolCalls: 0 };
  }

  observe(event: AgentEvent): void {
    if (!this.prompt) this.beginPrompt();
    switch (event.type) {
      case 'turn_start':
        return this.startRequest(event);
      case 'text_delta':
      case 'thinking_delta':
        return this.delta(event.type === 'text_delta' ? event.text : undefined);
      case 'usage':
        return this.usage(event.usage);
      case 'retry':
        return this.retry(event);
      case 'tool_call':
        return this.toolCall(event.call);
      case 'tool_confirmation_request':
        return this.asked(event.callId);
      case 'tool_confirmation_result':
        return this.answered(event.callId, decisionOf(event.outcome, event.decidedBy));
      case 'tool_start':
        return this.toolStarted(event.callId);
      case 'tool_result':
        return this.toolResult(event);
      case 'compressed':
        return this.compressed(event);
      case 'error':
        return this.error(event);
      case 'loop_detected':
        return this.endRequest('loop_detected', `loop detected: ${event.kind}`);
      case 'done':
        return this.done(event.reason);
      default:
        return;
    }
  }

  /** Ends whatever is open (the process is exiting mid-prompt). */
  closeAll(): void {
    if (this.prompt) this.done('cancelled');
  }

  private startRequest(event: AgentEvents['turn_start']): void {
    this.endRequest('ok');
    const time = this.now();
    const labels: Attributes = { 'gen_ai.system': event.provider, 'gen_ai.request.model': event.model };
    const span = this.sink.startSpan(SPANS.request, { ...labels, 'alfred.turn': event.turn }, time, this.prompt?.span);
    this.request = { span, labels, startedAt: time, firstTokenAt: undefined, retries: 0, text: '' };
    if (this.prompt) this.prompt.requests += 1;
  }

  private delta(text: string | undefined): void {
    const request = this.request;
    if (!request) return;
    if (request.firstTokenAt === undefined) request.firstTokenAt = this.now();
    // Collected only when it may be exported, and only up to the cap the gate applies anyway.
    if (text !== undefined && this.gate.logPrompts && request.text.length <= 16_384) request.text += text;
  }

  private usage(usage: AgentEvents['usage']['usage']): void {
    const request = this.request;
    if (!request) return;
    if (request.firstTokenAt === undefined) request.firstTokenAt = this.now();
    const byKind: [string, number | undefined][] = [
      ['input', usage.input],
      ['output', usage.output],
      ['cached_read', usage.cachedRead],
      ['cache_write', usage.cacheWrite],
      ['thinking', usage.thinking],
    ];
    for (const [kind, value] of byKind) {
      if (value) this.sink.count(COUNTERS.tokens, value, { ...request.labels, 'alfred.token.kind': kind });
    }
    request.span.setAttributes({
      'gen_ai.usage.input_tokens': usage.input,
      'gen_ai.usage.output_tokens': usage.output,
      'alfred.usage.cached_read_tokens': usage.cachedRead ?? 0,
      'alfred.usage.cache_write_tokens': usage.cacheWrite ?? 0,
      'alfred.usage.thinking_tokens': usage.thinking ?? 0,
    });
    this.endRequest('ok');
  }

  private retry(event: AgentEvents['retry']): void {
    const request = this.request;
    this.sink.count(COUNTERS.retries, 1, request?.labels ?? {});
    if (!request) return;
    request.retries += 1;
    request.span.addEvent('retry', { 'alfred.retry.attempt': event.attempt, 'alfred.retry.delay_ms': event.delayMs, 'alfred.retry.reason': event.reason }, this.now());
  }

  /** Closes the open request span with its outcome and records its measurements. */
  private endRequest(outcome: string, message?: string): void {
    const request = this.request;
    if (!request) return;
    this.request = undefined;
    const time = this.now();
    const ttft = request.firstTokenAt === undefined ? undefined : request.firstTokenAt - request.startedAt;
    request.span.setAttributes({
      'alfred.outcome': outcome,
      'alfred.retries': request.retries,
      'alfred.time_to_first_token_ms': ttft,
      'gen_ai.response.text': request.text === '' ? undefined : this.gate.content(request.text),
    });
    request.span.end({ ok: outcome === 'ok', ...(message !== undefined ? { message } : {}) }, time);
    this.sink.count(COUNTERS.requests, 1, { ...request.labels, 'alfred.outcome': outcome });
    this.sink.record(HISTOGRAMS.requestDuration, time - request.startedAt, { ...request.labels, 'alfred.outcome': outcome });
    if (ttft !== undefined) this.sink.record(HISTOGRAMS.timeToFirstToken, ttft, request.labels);
  }

  private toolCall(call: AgentEvents['tool_call']['call']): void {
    // Tool calls follow their response; a response without usage ends here.
    this.endRequest('ok');
    const attributes: Attributes = {
      'alfred.tool.name': call.name,
      'alfred.tool.kind': call.kind,
      'alfred.tool.call_id': call.id,
      'alfred.tool.description': this.gate.content(call.description),
      'alfred.tool.arguments': this.gate.content(JSON.stringify(call.args)),
    };
    const span = this.sink.startSpan(SPANS.tool, attributes, this.now(), this.prompt?.span);
    this.tools.set(call.id, { span, name: call.name, kind: call.kind, asked: false, decision: undefined, started: false });
    if (this.prompt) this.prompt.toolCalls += 1;
  }

  private asked(callId: string): void {
    const tool = this.tools.get(callId);
    if (!tool) return;
    tool.asked = true;
    tool.span.addEvent('confirmation_requested', {}, this.now());
  }

  private answered(callId: string, decision: string): void {
    const tool = this.tools.get(callId);
    if (!tool) return;
    tool.decision = decision;
    tool.span.addEvent('confirmation_answered', { 'alfred.tool.decision': decision }, this.now());
  }

  private toolStarted(callId: string): void {
    const tool = this.tools.get(callId);
    if (tool) tool.started = true;
  }

  private toolResult(event: AgentEvents['tool_result']): void {
    const tool = this.tools.get(event.callId);
    if (!tool) return;
    this.tools.delete(event.callId);
    // No confirmation: the policy or the approval mode decided; never started: it was refused.
    const decision = tool.decision ?? (tool.asked ? 'unanswered' : tool.started ? 'auto' : 'not_run');
    const labels: Attributes = { 'alfred.tool.name': tool.name, 'alfred.tool.kind': tool.kind };
    tool.span.setAttributes({
      'alfred.tool.decision': decision,
      'alfred.outcome': event.status,
      'alfred.tool.duration_ms': event.durationMs,
      'alfred.tool.result_summary': this.gate.content(event.view.summary),
    });
    tool.span.end({ ok: event.status === 'completed' }, this.now());
    this.sink.count(COUNTERS.toolCalls, 1, { ...labels, 'alfred.tool.decision': decision, 'alfred.outcome': event.status });
    this.sink.record(HISTOGRAMS.toolDuration, event.durationMs, { ...labels, 'alfred.outcome': event.status });
  }

  private compressed(event: AgentEvents['compressed']): void {
    this.sink.count(COUNTERS.compressions, 1, {});
    this.prompt?.span.addEvent('compressed', { 'alfred.tokens_before': event.tokensBefore, 'alfred.tokens_after': event.tokensAfter }, this.now());
  }

  private error(event: AgentEvents['error']): void {
    const errorClass = event.kind ?? 'unknown';
    this.sink.count(COUNTERS.errors, 1, { 'error.type': errorClass, 'alfred.error.recoverable': event.recoverable });
    const target = this.request?.span ?? this.prompt?.span;
    target?.addEvent('error', { 'error.type': errorClass, 'alfred.error.recoverable': event.recoverable, 'alfred.error.message': event.message }, this.now());
    if (!event.recoverable) this.endRequest('error', `${errorClass}: ${event.message}`);
  }

  private done(reason: AgentEvents['done']['reason']): void {
    this.endRequest(reason === 'stop' ? 'ok' : reason);
    const time = this.now();
    for (const tool of this.tools.values()) tool.span.end({ ok: false, message: 'not finished when the prompt ended' }, time);
    this.tools.clear();
    const prompt = this.prompt;
    if (!prompt) return;
    this.prompt = undefined;
    prompt.span.setAttributes({ 'alfred.prompt.done_reason': reason, 'alfred.prompt.requests': prompt.requests, 'alfred.prompt.tool_calls': prompt.toolCalls });
    prompt.span.end({ ok: reason !== 'error' }, time);
    this.sink.record(HISTOGRAMS.promptDuration, time - prompt.startedAt, { 'alfred.prompt.done_reason': reason });
  }
}
