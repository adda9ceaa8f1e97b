/**
 * `/stats` and the headless `json` summary: a fold over the agent's event stream. It sees exactly
 * what the TUI sees, so it needs no hooks inside the loop; the clock is passed in so the figures
 * are deterministic under test.
 */
import type { AgentEvent, ConfirmationOutcome, UsageFigures } from '../agent/events.js';
import { costOf, DEFAULT_PRICES, lookupPrice, mergePrices, type ModelPrice, type PriceTable, type TokenCounts } from './price-table.js';

/** Count, total and extremes of a duration, in milliseconds. */
export interface TimingSummary {
  count: number;
  totalMs: number;
  minMs: number | undefined;
  maxMs: number | undefined;
}

/** Figures for one provider and model. */
export interface ModelStats {
  provider: string;
  model: string;
  requests: number;
  /** Requests that ended in an error the loop could not survive. */
  failedRequests: number;
  tokens: TokenCounts;
  /** From `turn_start` to the first text, thinking or tool-call output of the response. */
  timeToFirstToken: TimingSummary;
  /** From `turn_start` to the response's usage (or its failure). */
  requestDuration: TimingSummary;
  /** Estimated USD, or "unknown" when the model is not in the price table. */
  cost: number | 'unknown';
}

/** Figures for one tool. */
export interface ToolStats {
  name: string;
  calls: number;
  completed: number;
  error: number;
  cancelled: number;
  duration: TimingSummary;
}

/** How confirmations went. `approved` includes `modified` (run with edited arguments). */
export interface ApprovalStats {
  asked: number;
  approved: number;
  modified: number;
  declined: number;
  /** Asked, but the prompt was cancelled before the user answered. */
  unanswered: number;
}

/** What `/stats` shows; plain JSON-ready data. */
export interface SessionStats {
  prompts: number;
  requests: number;
  retries: number;
  compressions: number;
  /** Error events by class (`kind`, or "unknown"), recoverable ones included. */
  errors: Record<string, number>;
  tokens: TokenCounts;
  models: ModelStats[];
  tools: ToolStats[];
  approvals: ApprovalStats;
  /** Sum over models with a price, and which models had none. */
  cost: { estimatedUsd: number; complete: boolean; unknownModels: string[] };
}

/** Options of `createSessionStats`. */
export interface SessionStatsOptions {
  /** Overrides from settings, laid over `DEFAULT_PRICES`. */
  prices?: Readonly<Record<string, Partial<ModelPrice>>>;
  /** Milliseconds from any fixed origin; defaults to `performance.now()`. */
  now?: () => number;
}

/** The running fold: feed it every event, read it at any time. */
export interface SessionStatsCollector {
  observe(event: AgentEvent): void;
  snapshot(): SessionStats;
}

type ModelAccumulator = Omit<ModelStats, 'cost'>;
interface OpenRequest {
  model: ModelAccumulator;
  startedAt: number;
  firstTokenSeen: boolean;
}

const zeroTokens = (): TokenCounts => ({ input: 0, output: 0, cachedRead: 0, cacheWrite: 0, thinking: 0 });
const zeroTiming = (): TimingSummary => ({ count: 0, totalMs: 0, minMs: undefined, maxMs: undefined });

function addTiming(timing: TimingSummary, ms: number): void {
  const value = Math.max(0, ms);
  timing.count += 1;
  timing.totalMs += value;
  timing.minMs = timing.minMs === undefined ? value : Math.min(timing.minMs, value);
  timing.maxMs = timing.maxMs === undefined ? value : Math.max(timing.maxMs, value);
}

function addTokens(into: TokenCounts, from: TokenCounts): void {
  into.input += from.input;
  into.output += from.output;
  into.cachedRead += from.cachedRead;
  into.cacheWrite += from.cacheWrite;
  into.thinking += from.thinking;
}

/** Starts an empty `/stats` fold for one session. */
export function createSessionStats(options: SessionStatsOptions = {}): SessionStatsCollector {
  return new StatsFold(mergePrices(DEFAULT_PRICES, options.prices), options.now ?? (() => performance.now()));
}

class StatsFold implements SessionStatsCollector {
  private readonly models = new Map<string, ModelAccumulator>();
  private readonly tools = new Map<string, ToolStats>();
  private readonly callTools = new Map<string, string>();
  private readonly awaiting = new Set<string>();
  private readonly totals = { prompts: 0, retries: 0, compressions: 0, errors: {} as Record<string, number> };
  private readonly approvals: ApprovalStats = { asked: 0, approved: 0, modified: 0, declined: 0, unanswered: 0 };
  private open: OpenRequest | undefined;

  constructor(
    private readonly prices: PriceTable,
    private readonly now: () => number,
  ) {}

  observe(event: AgentEvent): void {
    switch (event.type) {
      case 'turn_start':
        return this.startRequest(event.provider, event.model);
      case 'text_delta':
      case 'thinking_delta':
        return this.firstToken();
      case 'usage':
        return this.usage(event.usage);
      case 'tool_call':
        return this.toolCall(event.call.id, event.call.name);
      case 'tool_confirmation_request':
        this.approvals.asked += 1;
        this.awaiting.add(event.callId);
        return;
      case 'tool_confirmation_result':
        return this.answer(event.callId, event.outcome.kind);
      case 'tool_result':
        return this.toolResult(event.callId, event.status, event.durationMs);
      case 'retry':
        this.totals.retries += 1;
        return;
      case 'compressed':
        this.totals.compressions += 1;
        return;
      case 'error':
        return this.error(event.kind ?? 'unknown', event.recoverable);
      case 'done':
        this.closeRequest(event.reason === 'error');
        this.totals.prompts += 1;
        return;
      default:
        return;
    }
  }

  snapshot(): SessionStats {
    return summarize([...this.models.values()], [...this.tools.values()], this.totals, this.approvals, this.prices);
  }

  private startRequest(provider: string, modelId: string): void {
    this.closeRequest(false);
    const key = `${provider}\u0000${modelId}`;
    let model = this.models.get(key);
    if (!model) {
      model = { provider, model: modelId, requests: 0, failedRequests: 0, tokens: zeroTokens(), timeToFirstToken: zeroTiming(), requestDuration: zeroTiming() };
      this.models.set(key, model);
    }
    model.requests += 1;
    this.open = { model, startedAt: this.now(), firstTokenSeen: false };
  }

  private firstToken(): void {
    if (!this.open || this.open.firstTokenSeen) return;
    this.open.firstTokenSeen = true;
    addTiming(this.open.model.timeToFirstToken, this.now() - this.open.startedAt);
  }

  private usage(usage: UsageFigures): void {
    // A response of tool calls only has no deltas: its first output is what usage closes.
    this.firstToken();
    if (this.open) {
      addTokens(this.open.model.tokens, {
        input: usage.input,
        output: usage.output,
        cachedRead: usage.cachedRead ?? 0,
        cacheWrite: usage.cacheWrite ?? 0,
        thinking: usage.thinking ?? 0,
      });
    }
    this.closeRequest(false);
  }

  private closeRequest(failed: boolean): void {
    if (!this.open) return;
    addTiming(this.open.model.requestDuration, this.now() - this.open.startedAt);
    if (failed) this.open.model.failedRequests += 1;
    this.open = undefined;
  }

  private toolCall(callId: string, name: string): void {
    this.closeRequest(false);
    this.callTools.set(callId, name);
    const entry = this.tools.get(name) ?? { name, calls: 0, completed: 0, error: 0, cancelled: 0, duration: zeroTiming() };
    entry.calls += 1;
    this.tools.set(name, entry);
  }

  private answer(callId: string, outcome: ConfirmationOutcome['kind']): void {
    if (!this.awaiting.delete(callId)) return;
    if (outcome === 'cancel') this.approvals.declined += 1;
    else this.approvals.approved += 1;
    if (outcome === 'modify') this.approvals.modified += 1;
  }

  private toolResult(callId: string, status: 'completed' | 'error' | 'cancelled', durationMs: number): void {
    if (this.awaiting.delete(callId)) this.approvals.unanswered += 1;
    const name = this.callTools.get(callId);
    const entry = name === undefined ? undefined : this.tools.get(name);
    if (!entry) return;
    entry[status] += 1;
    addTiming(entry.duration, durationMs);
  }

  private error(kind: string, recoverable: boolean): void {
    this.totals.errors[kind] = (this.totals.errors[kind] ?? 0) + 1;
    if (!recoverable) this.closeRequest(true);
  }
}

function summarize(
  models: readonly ModelAccumulator[],
  tools: readonly ToolStats[],
  totals: { prompts: number; retries: number; compressions: number; errors: Record<string, number> },
  approvals: ApprovalStats,
  prices: PriceTable,
): SessionStats {
  const tokens = zeroTokens();
  let estimatedUsd = 0;
  const unknownModels: string[] = [];
  const modelStats = models.map((model): ModelStats => {
    addTokens(tokens, model.tokens);
    const price = lookupPrice(prices, model.model);
    if (!price) unknownModels.push(model.model);
    const cost = price ? costOf(model.tokens, price) : 'unknown';
    if (typeof cost === 'number') estimatedUsd += cost;
    return structuredClone({ ...model, cost });
  });
  return {
    prompts: totals.prompts,
    requests: models.reduce((sum, model) => sum + model.requests, 0),
    retries: totals.retries,
    compressions: totals.compressions,
    errors: { ...totals.errors },
    tokens,
    models: modelStats,
    tools: tools.map((tool) => structuredClone(tool)).sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)),
    approvals: { ...approvals },
    cost: { estimatedUsd, complete: unknownModels.length === 0, unknownModels },
  };
}
