/**
 * What tokens cost, per model, in US dollars per million tokens. The table is a starting point that
 * goes stale: settings override it as a plain object, and a model that is in neither is priced
 * "unknown" rather than guessed.
 */

/** Prices in USD per million tokens. Cache and thinking prices default as described. */
export interface ModelPrice {
  /** Prompt tokens that were not served from or written to a cache. */
  input: number;
  /** Completion tokens (thinking included unless `thinking` is set). */
  output: number;
  /** Prompt tokens read from the provider's cache; defaults to `input` (no discount known). */
  cachedRead?: number;
  /** Prompt tokens written to the cache (Anthropic charges a premium); defaults to `input`. */
  cacheWrite?: number;
  /** Reasoning tokens, when a provider bills them apart from output; defaults to `output`. */
  thinking?: number;
}

/** Prices by model id or id prefix. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/**
 * List prices as published by Anthropic, OpenAI and Google in 2025 (standard tier; Gemini at its
 * ≤200k-token prompt tier). Keys are prefixes: dated snapshots resolve to their family.
 */
export const DEFAULT_PRICES: PriceTable = {
  'claude-opus-4-6': { input: 5, output: 25, cachedRead: 0.5, cacheWrite: 6.25 },
  'claude-opus-4-5': { input: 5, output: 25, cachedRead: 0.5, cacheWrite: 6.25 },
  'claude-opus-4-1': { input: 15, output: 75, cachedRead: 1.5, cacheWrite: 18.75 },
  'claude-opus-4': { input: 15, output: 75, cachedRead: 1.5, cacheWrite: 18.75 },
  'claude-sonnet-4-6': { input: 3, output: 15, cachedRead: 0.3, cacheWrite: 3.75 },
  'claude-sonnet-4-5': { input: 3, output: 15, cachedRead: 0.3, cacheWrite: 3.75 },
  'claude-sonnet-4': { input: 3, output: 15, cachedRead: 0.3, cacheWrite: 3.75 },
  'claude-3-7-sonnet': { input: 3, output: 15, cachedRead: 0.3, cacheWrite: 3.75 },
  'claude-haiku-4-5': { input: 1, output: 5, cachedRead: 0.1, cacheWrite: 1.25 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cachedRead: 0.08, cacheWrite: 1 },
  'gpt-5': { input: 1.25, output: 10, cachedRead: 0.125 },
  'gpt-5-mini': { input: 0.25, output: 2, cachedRead: 0.025 },
  'gpt-5-nano': { input: 0.05, output: 0.4, cachedRead: 0.005 },
  'gpt-4.1': { input: 2, output: 8, cachedRead: 0.5 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cachedRead: 0.1 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4, cachedRead: 0.025 },
  'gpt-4o': { input: 2.5, output: 10, cachedRead: 1.25 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cachedRead: 0.075 },
  o3: { input: 2, output: 8, cachedRead: 0.5 },
  'o3-mini': { input: 1.1, output: 4.4, cachedRead: 0.55 },
  'o4-mini': { input: 1.1, output: 4.4, cachedRead: 0.275 },
  'gemini-2.5-pro': { input: 1.25, output: 10, cachedRead: 0.31 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5, cachedRead: 0.075 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4, cachedRead: 0.025 },
  'gemini-2.0-flash': { input: 0.1, output: 0.4, cachedRead: 0.025 },
};

/**
 * The table with settings' overrides laid over it. An override for a model already in the table
 * changes only the fields it names; a new model needs at least `input` and `output` and is
 * ignored without them (a half price would be a guess).
 */
export function mergePrices(base: PriceTable, overrides: Readonly<Record<string, Partial<ModelPrice>>> = {}): PriceTable {
  const merged: Record<string, ModelPrice> = { ...base };
  for (const [model, override] of Object.entries(overrides)) {
    const existing = merged[model];
    const candidate = { ...existing, ...override };
    if (isFiniteNumber(candidate.input) && isFiniteNumber(candidate.output)) merged[model] = candidate as ModelPrice;
  }
  return merged;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * The price of `model`: an exact entry, else the longest prefix (`claude-sonnet-4-5-20250929` →
 * `claude-sonnet-4-5`), also after a router's `vendor/` prefix (`openai/gpt-4o`). Undefined when
 * nothing matches.
 */
export function lookupPrice(table: PriceTable, model: string): ModelPrice | undefined {
  for (const candidate of [model, model.slice(model.lastIndexOf('/') + 1)]) {
    const exact = table[candidate];
    if (exact) return exact;
    let best: string | undefined;
    for (const key of Object.keys(table)) {
      if (candidate.startsWith(key) && isPrefixBoundary(candidate, key) && (!best || key.length > best.length)) best = key;
    }
    if (best) return table[best];
  }
  return undefined;
}

/**
 * Only a snapshot of the same model extends a key: a date (`gpt-4o-2024-08-06`,
 * `claude-sonnet-4-5-20250929`), `-latest`, or a `@`/`:` tag. `claude-opus-4-7` does not extend
 * `claude-opus-4`: a newer model may be priced differently, and a guess is worse than "unknown".
 */
const SNAPSHOT_SUFFIX = /^(?:-\d{8}|-\d{4}-\d{2}-\d{2}|-latest|[@:].*)$/;

function isPrefixBoundary(model: string, key: string): boolean {
  return SNAPSHOT_SUFFIX.test(model.slice(key.length));
}

/** Token counts by kind, as the agent's `usage` events report them. */
export interface TokenCounts {
  /** The whole prompt, cached parts included. */
  input: number;
  /** The whole completion, thinking included. */
  output: number;
  cachedRead: number;
  cacheWrite: number;
  thinking: number;
}

/** The cost in USD of `tokens` at `price`. */
export function costOf(tokens: TokenCounts, price: ModelPrice): number {
  const uncachedInput = Math.max(0, tokens.input - tokens.cachedRead - tokens.cacheWrite);
  const thinkingApart = price.thinking !== undefined ? Math.min(tokens.thinking, tokens.output) : 0;
  const perMillion =
    uncachedInput * price.input +
    tokens.cachedRead * (price.cachedRead ?? price.input) +
    tokens.cacheWrite * (price.cacheWrite ?? price.input) +
    (tokens.output - thinkingApart) * price.output +
    thinkingApart * (price.thinking ?? price.output);
  return perMillion / 1_000_000;
}
