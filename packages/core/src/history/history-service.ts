import type { IContent } from '../content/content.js';
import { findCompressSplitPoint, findTrimPoint } from './compress-split.js';
import { summaryEntry } from './summary-prompt.js';
import { BlockTokenCache, estimatingCounter, type TokenCounter } from './token-counter.js';

/** Writes the summary of `older` entries; throws or returns '' when it cannot. */
export type Summarizer = (older: readonly IContent[], signal: AbortSignal) => Promise<string>;

/** What a compression attempt did. */
export type CompressionResult =
  | { status: 'compressed'; tokensBefore: number; tokensAfter: number; summary: string }
  | { status: 'trimmed'; tokensBefore: number; tokensAfter: number; dropped: number }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string };

export interface HistoryServiceOptions {
  counter?: TokenCounter;
  /** The model's context window in tokens. */
  contextWindow: number;
  /** Share of the window at which compression starts (default 0.7). */
  threshold?: number;
  /** Share of the tokens kept whole when compressing (default 0.3). */
  preserve?: number;
}

type TokensListener = (figures: { tokens: number; contextWindow: number; leftFraction: number }) => void;

/**
 * The conversation as IContent, with token figures kept current and compression that never loses
 * an add: entries added while a summary is being written are queued and appended in order.
 */
export class HistoryService {
  private entries: IContent[] = [];
  private tokens = new WeakMap<IContent, number>();
  private readonly cache: BlockTokenCache;
  private contextWindow: number;
  private threshold: number;
  private preserve: number;
  private compressing = false;
  private queued: IContent[] = [];
  private readonly listeners = new Set<TokensListener>();
  /** After a failed compression, wait until the history grows before trying again. */
  private retryAfterLength = 0;

  constructor(options: HistoryServiceOptions) {
    this.cache = new BlockTokenCache(options.counter ?? estimatingCounter);
    this.contextWindow = options.contextWindow;
    this.threshold = options.threshold ?? 0.7;
    this.preserve = options.preserve ?? 0.3;
  }

  /** Uses another model's tokenizer and window (after `/model` or `/provider`). */
  setModel(options: { counter?: TokenCounter; contextWindow: number }): void {
    if (options.counter) {
      this.cache.setCounter(options.counter);
      this.tokens = new WeakMap();
    }
    this.contextWindow = options.contextWindow;
    this.emit();
  }

  setCompressionSettings(settings: { threshold?: number; preserve?: number }): void {
    this.threshold = settings.threshold ?? this.threshold;
    this.preserve = settings.preserve ?? this.preserve;
  }

  onTokensUpdated(listener: TokensListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Appends an entry, or queues it while a compression is rewriting the history. */
  add(entry: IContent): void {
    if (this.compressing) {
      this.queued.push(entry);
      return;
    }
    this.entries.push(entry);
    this.emit();
  }

  list(): readonly IContent[] {
    return this.compressing ? [...this.entries, ...this.queued] : this.entries;
  }

  get length(): number {
    return this.entries.length + this.queued.length;
  }

  clear(): void {
    this.entries = [];
    this.queued = [];
    this.tokens = new WeakMap();
    this.retryAfterLength = 0;
    this.emit();
  }

  /** Replaces `entries[start, end)` with `replacement` (used by restore, fork and repair). */
  replaceRange(start: number, end: number, replacement: readonly IContent[]): void {
    this.entries.splice(start, end - start, ...replacement);
    this.emit();
  }

  /** Tokens of the whole history. */
  totalTokens(): number {
    let total = 0;
    for (const entry of this.list()) total += this.tokensOf(entry);
    return total;
  }

  /** Tokens of some text under the current counter (system prompt, tool declarations). */
  countText(text: string): number {
    return this.cache.countText(text);
  }

  get tokenAccuracy(): 'exact' | 'estimate' {
    return this.cache.accuracy;
  }

  /** Share of the context window still free, 0 to 1. */
  contextLeftFraction(extraTokens = 0): number {
    return Math.max(0, 1 - (this.totalTokens() + extraTokens) / this.contextWindow);
  }

  getContextWindow(): number {
    return this.contextWindow;
  }

  /** True when the next request (history + `overheadTokens`) would pass the threshold. */
  needsCompression(overheadTokens = 0): boolean {
    if (this.entries.length <= this.retryAfterLength) return false;
    return this.totalTokens() + overheadTokens > this.contextWindow * this.threshold;
  }

  /**
   * Replaces the older part of the history with a summary, keeping about the newest `preserve`
   * share whole. On failure the history is unchanged; if it no longer fits at all, the oldest
   * exchanges are trimmed instead so the next request can still be made.
   */
  async compress(summarize: Summarizer, signal: AbortSignal, options: { force?: boolean } = {}): Promise<CompressionResult> {
    if (this.compressing) return { status: 'skipped', reason: 'a compression is already running' };
    const tokenList = this.entries.map((entry) => this.tokensOf(entry));
    const split = findCompressSplitPoint(this.entries, tokenList, this.preserve);
    if (split <= 0) return { status: 'skipped', reason: 'nothing old enough to compress' };
    if (!options.force && !this.needsCompression()) return { status: 'skipped', reason: 'below the threshold' };
    const tokensBefore = this.totalTokens();
    this.compressing = true;
    try {
      const summary = await summarize(this.entries.slice(0, split), signal);
      if (summary.trim() === '') throw new Error('the model returned an empty summary');
      this.entries.splice(0, split, summaryEntry(summary));
      this.retryAfterLength = 0;
      return { status: 'compressed', tokensBefore, tokensAfter: this.totalTokensOf(this.entries), summary };
    } catch (error) {
      this.retryAfterLength = this.entries.length + 2;
      const trimmed = this.trimIfOverflowing(tokensBefore);
      if (trimmed) return trimmed;
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    } finally {
      this.compressing = false;
      this.entries.push(...this.queued);
      this.queued = [];
      this.emit();
    }
  }

  private trimIfOverflowing(tokensBefore: number): CompressionResult | undefined {
    if (tokensBefore <= this.contextWindow * 0.95) return undefined;
    const tokenList = this.entries.map((entry) => this.tokensOf(entry));
    const start = findTrimPoint(this.entries, tokenList, this.contextWindow * this.threshold);
    if (start <= 0) return undefined;
    this.entries.splice(0, start);
    return { status: 'trimmed', tokensBefore, tokensAfter: this.totalTokensOf(this.entries), dropped: start };
  }

  private totalTokensOf(entries: readonly IContent[]): number {
    return entries.reduce((sum, entry) => sum + this.tokensOf(entry), 0);
  }

  private tokensOf(entry: IContent): number {
    let tokens = this.tokens.get(entry);
    if (tokens === undefined) {
      tokens = this.cache.countContent(entry);
      this.tokens.set(entry, tokens);
    }
    return tokens;
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const tokens = this.totalTokens();
    const figures = { tokens, contextWindow: this.contextWindow, leftFraction: Math.max(0, 1 - tokens / this.contextWindow) };
    for (const listener of this.listeners) listener(figures);
  }
}
