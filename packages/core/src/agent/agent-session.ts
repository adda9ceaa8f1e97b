import type { ContentBlock, IContent } from '../content/content.js';
import { repairContent } from '../content/repair-content.js';
import { validateContent } from '../content/validate-content.js';
import type { CompressionResult, HistoryService } from '../history/history-service.js';
import type { GenerationSettings, Provider, ProviderRequest } from '../providers/provider.js';
import { EventChannel } from './event-channel.js';
import type { AgentEvent, ConfirmationOutcome, DoneReason } from './events.js';
import { LoopDetector } from './loop-detector.js';
import { runModelTurn, type ModelTurnResult } from './model-turn.js';
import type { AgentToolbox, ApprovalGate } from './ports.js';
import { summarizeWithModel } from './summarize-with-model.js';
import { CANCELLED_BY_USER, runToolCalls } from './tool-scheduler.js';

/** The provider and model in use; read at every request so `/model` and `/provider` take effect. */
export interface ActiveModel {
  provider: Provider;
  model: string;
  contextWindow: number;
}

export interface AgentSessionOptions {
  history: HistoryService;
  activeModel: () => ActiveModel;
  toolbox: AgentToolbox;
  gate: ApprovalGate;
  /** Built fresh for every request: memory files and skills are re-read each turn. */
  systemPrompt: () => Promise<string>;
  /** Model requests per prompt before a final answer without tools (default 50). */
  maxTurns?: number;
  loopDetection?: boolean;
  /** False for headless runs: anything that would ask is denied. */
  interactive?: boolean;
  settings?: GenerationSettings;
}

/** Told to the model on the last request of a prompt that used up its turns. */
export const MAX_TURNS_NOTICE =
  'You have used the maximum number of tool-using turns for this request. Tools are no longer available: give your final answer now, summarising what was done and what remains.';

/**
 * One conversation with the model. `send()` runs the turn loop (request → stream → tools → …) and
 * yields typed events; the history stays valid whatever happens, including cancellation.
 */
export class AgentSession {
  readonly history: HistoryService;
  private readonly options: AgentSessionOptions;
  private readonly pending = new Map<string, (outcome: ConfirmationOutcome) => void>();
  private controller: AbortController | undefined;
  private loopDetection: boolean;

  constructor(options: AgentSessionOptions) {
    this.options = options;
    this.history = options.history;
    this.loopDetection = options.loopDetection ?? true;
  }

  /** True while a `send()` is running. */
  get busy(): boolean {
    return this.controller !== undefined;
  }

  /** Turns loop detection off (or on) for the rest of this session. */
  setLoopDetection(enabled: boolean): void {
    this.loopDetection = enabled;
  }

  /** Answers a `tool_confirmation_request`. Unknown ids are ignored (the call may have been cancelled). */
  respond(callId: string, outcome: ConfirmationOutcome): void {
    const resolve = this.pending.get(callId);
    this.pending.delete(callId);
    resolve?.(outcome);
  }

  /** Stops the running `send()`: the stream or tools are aborted and open calls are closed. */
  cancel(): void {
    this.controller?.abort(new Error('cancelled by the user'));
  }

  /** Forces a compression now (`/compress`). */
  async compress(signal: AbortSignal = new AbortController().signal): Promise<CompressionResult> {
    return this.history.compress(summarizeWithModel(this.options.activeModel), signal, { force: true });
  }

  /** Sends the user's turn and yields events until the model is done. */
  send(parts: string | ContentBlock[], signal?: AbortSignal): AsyncIterable<AgentEvent> {
    if (this.controller) throw new Error('a prompt is already running; cancel it or wait for it to finish');
    const controller = new AbortController();
    this.controller = controller;
    const abort = () => controller.abort(signal?.reason);
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    const channel = new EventChannel<AgentEvent>();
    const blocks: ContentBlock[] = typeof parts === 'string' ? [{ type: 'text', text: parts }] : parts;
    this.history.add({ speaker: 'human', blocks, metadata: { timestamp: Date.now() } });
    const run = async () => {
      let reason: DoneReason = 'error';
      try {
        reason = await this.loop(controller.signal, (event) => channel.push(event));
      } catch (error) {
        channel.push({ type: 'error', message: error instanceof Error ? error.message : String(error), recoverable: false });
      } finally {
        this.ensureValidHistory();
        signal?.removeEventListener('abort', abort);
        this.pending.clear();
        this.controller = undefined;
        channel.push({ type: 'done', reason });
        channel.close();
      }
    };
    void run();
    return channel;
  }

  private async loop(signal: AbortSignal, emit: (event: AgentEvent) => void): Promise<DoneReason> {
    const maxTurns = this.options.maxTurns ?? 50;
    const detector = this.loopDetection ? new LoopDetector() : undefined;
    for (let turn = 1; ; turn += 1) {
      const final = turn > maxTurns;
      if (final) emit({ type: 'max_turns', limit: maxTurns });
      const result = await this.requestOnce(turn, final, signal, emit, detector);
      if (result.status === 'cancelled') {
        if (result.partial) this.history.add(result.partial);
        return 'cancelled';
      }
      if (result.status === 'loop') {
        if (result.partial) this.history.add(result.partial);
        emit({ type: 'loop_detected', kind: result.finding.kind, detail: result.finding.detail });
        return 'loop_detected';
      }
      if (result.status === 'failed') {
        if (result.partial) this.history.add(result.partial);
        emit({ type: 'error', message: result.error.message, kind: result.error.kind, recoverable: false });
        return 'error';
      }
      this.history.add(result.content);
      if (final) return 'max_turns';
      if (result.toolCalls.length === 0) return 'stop';
      for (const call of result.toolCalls) {
        const finding = detector?.recordCall(call.name, call.parameters);
        if (finding) {
          this.closeCalls(result.toolCalls, `Not run: alfred stopped a loop (${finding.detail}).`);
          emit({ type: 'loop_detected', kind: finding.kind, detail: finding.detail });
          return 'loop_detected';
        }
      }
      const responses = await runToolCalls(result.toolCalls, {
        toolbox: this.options.toolbox,
        gate: this.options.gate,
        emit,
        signal,
        interactive: this.options.interactive ?? true,
        awaitConfirmation: (callId, _view, callSignal) => this.awaitConfirmation(callId, callSignal),
      });
      this.history.add({ speaker: 'tool', blocks: responses, metadata: { timestamp: Date.now() } });
      if (signal.aborted) return 'cancelled';
      detector?.resetText();
    }
  }

  private async requestOnce(
    turn: number,
    final: boolean,
    signal: AbortSignal,
    emit: (event: AgentEvent) => void,
    detector: LoopDetector | undefined,
  ): Promise<ModelTurnResult> {
    const active = this.options.activeModel();
    const systemPrompt = await this.options.systemPrompt();
    const tools = final ? [] : this.options.toolbox.declarations();
    const overhead = this.history.countText(systemPrompt) + this.history.countText(JSON.stringify(tools));
    if (this.history.needsCompression(overhead)) {
      // The decision counted the system prompt and tools; compress() alone would only see history.
      const compression = await this.history.compress(summarizeWithModel(this.options.activeModel), signal, { force: true });
      if (compression.status === 'compressed') {
        emit({ type: 'compressed', tokensBefore: compression.tokensBefore, tokensAfter: compression.tokensAfter, summary: compression.summary });
      } else if (compression.status === 'trimmed') {
        emit({ type: 'compressed', tokensBefore: compression.tokensBefore, tokensAfter: compression.tokensAfter, summary: `Dropped the ${compression.dropped} oldest messages: no summary could be made.` });
      } else if (compression.status === 'failed') {
        emit({ type: 'error', message: `Could not compress the conversation (${compression.reason}); will try again later.`, recoverable: true });
      }
    }
    this.ensureValidHistory();
    const history: IContent[] = final
      ? [...this.history.list(), { speaker: 'human', blocks: [{ type: 'text', text: MAX_TURNS_NOTICE }], metadata: { synthetic: true } }]
      : [...this.history.list()];
    const request: ProviderRequest = {
      model: active.model,
      history,
      systemPrompt,
      ...(tools.length > 0 ? { tools } : { toolChoice: 'none' as const }),
      ...(this.options.settings ? { settings: this.options.settings } : {}),
    };
    emit({ type: 'turn_start', turn, provider: active.provider.name, model: active.model });
    const result = await runModelTurn({ provider: active.provider, request, signal, emit, loopDetector: detector });
    if (result.status === 'complete' && result.usage) {
      const usage = result.usage;
      emit({
        type: 'usage',
        usage: {
          input: usage.inputTokens,
          output: usage.outputTokens,
          ...(usage.cacheReadTokens !== undefined ? { cachedRead: usage.cacheReadTokens } : {}),
          ...(usage.cacheWriteTokens !== undefined ? { cacheWrite: usage.cacheWriteTokens } : {}),
          ...(usage.thinkingTokens !== undefined ? { thinking: usage.thinkingTokens } : {}),
        },
        contextTokens: usage.inputTokens + usage.outputTokens,
        contextWindow: active.contextWindow,
      });
    }
    return result;
  }

  private awaitConfirmation(callId: string, signal: AbortSignal): Promise<ConfirmationOutcome> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('cancelled'));
        return;
      }
      const onAbort = () => {
        this.pending.delete(callId);
        reject(new Error('cancelled'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(callId, (outcome) => {
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      });
    });
  }

  private closeCalls(calls: readonly { id: string; name: string }[], message: string): void {
    this.history.add({
      speaker: 'tool',
      blocks: calls.map((call) => ({ type: 'tool_response', callId: call.id, toolName: call.name, error: message })),
      metadata: { timestamp: Date.now(), synthetic: true },
    });
  }

  /** Closes any call left open (a crash or cancel between steps) so the next request is accepted. */
  private ensureValidHistory(): void {
    const entries = this.history.list();
    if (validateContent(entries).valid) return;
    const repaired = repairContent(entries, CANCELLED_BY_USER);
    this.history.replaceRange(0, entries.length, repaired.history);
  }
}
