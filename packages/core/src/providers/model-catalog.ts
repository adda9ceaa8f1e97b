/**
 * Context windows and output limits of current models, for when a provider's API does not list
 * them (Anthropic and OpenAI list ids only; compatible servers may have no list at all).
 * Matched by longest prefix so dated snapshots (`claude-sonnet-4-5-20250929`) resolve.
 */
import type { ModelInfo } from './provider.js';

/** Known limits by model id prefix. */
const MODEL_LIMITS: readonly (readonly [prefix: string, contextWindow: number, maxOutputTokens: number])[] = [
  ['claude-opus-4-6', 200_000, 128_000],
  ['claude-opus-4-5', 200_000, 64_000],
  ['claude-opus-4-1', 200_000, 32_000],
  ['claude-opus-4', 200_000, 32_000],
  ['claude-sonnet-4-6', 200_000, 64_000],
  ['claude-sonnet-4-5', 200_000, 64_000],
  ['claude-sonnet-4', 200_000, 64_000],
  ['claude-haiku-4-5', 200_000, 64_000],
  ['claude-3-7-sonnet', 200_000, 64_000],
  ['claude-3-5-haiku', 200_000, 8192],
  ['claude', 200_000, 8192],
  ['gpt-5', 400_000, 128_000],
  ['gpt-4.1', 1_047_576, 32_768],
  ['gpt-4o', 128_000, 16_384],
  ['o4-mini', 200_000, 100_000],
  ['o3', 200_000, 100_000],
  ['o1', 200_000, 100_000],
  ['gpt-4', 128_000, 8192],
  ['gemini-3', 1_048_576, 65_536],
  ['gemini-2.5-pro', 1_048_576, 65_536],
  ['gemini-2.5-flash', 1_048_576, 65_536],
  ['gemini-2.0-flash', 1_048_576, 8192],
  ['gemini', 1_048_576, 8192],
  ['deepseek', 128_000, 8192],
];

/** Models offered by default in `/model` when the provider cannot list its own. */
export const DEFAULT_MODELS: Readonly<Record<'anthropic' | 'openai' | 'gemini', string>> = {
  anthropic: 'claude-sonnet-4-6',
  openai: 'gpt-5',
  gemini: 'gemini-2.5-pro',
};

/** The limits alfred knows for `model`, or undefined for an unknown model. */
export function lookupModelLimits(model: string): Pick<ModelInfo, 'contextWindow' | 'maxOutputTokens'> | undefined {
  let best: (typeof MODEL_LIMITS)[number] | undefined;
  for (const entry of MODEL_LIMITS) {
    if (model.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? { contextWindow: best[1], maxOutputTokens: best[2] } : undefined;
}

/** Fills missing limits from the table (API values win), then from `fallback` (settings). */
export function withKnownLimits(model: ModelInfo, fallback: Pick<ModelInfo, 'contextWindow' | 'maxOutputTokens'> = {}): ModelInfo {
  const known = lookupModelLimits(model.id) ?? {};
  const contextWindow = model.contextWindow ?? known.contextWindow ?? fallback.contextWindow;
  const maxOutputTokens = model.maxOutputTokens ?? known.maxOutputTokens ?? fallback.maxOutputTokens;
  return { ...model, ...(contextWindow !== undefined ? { contextWindow } : {}), ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}) };
}
