import type { Family } from './types.js';

/** Models listed when the server was not given a `models` list (any model is still accepted). */
const DEFAULT_MODELS: Record<Family, string[]> = {
  anthropic: ['claude-sonnet-4-6', 'claude-opus-4-6', 'claude-haiku-4-5'],
  'openai-chat': ['gpt-5', 'gpt-4.1', 'gpt-4o-mini'],
  'openai-responses': ['gpt-5', 'gpt-4.1', 'gpt-4o-mini'],
  gemini: ['gemini-2.5-pro', 'gemini-2.5-flash'],
};

const CREATED = '2025-01-01T00:00:00Z';
/** Context window reported by Gemini's model list when no window was set. */
const DEFAULT_INPUT_LIMIT = 1_048_576;

/** The model names one family lists. */
export function modelsOf(family: Family, configured: string[] | undefined): string[] {
  return configured ?? DEFAULT_MODELS[family];
}

/** One model as the family's models endpoint describes it. */
export function modelEntry(family: Family, id: string, contextWindow: number | undefined): unknown {
  switch (family) {
    case 'anthropic':
      return { type: 'model', id, display_name: id, created_at: CREATED };
    case 'gemini':
      return {
        name: `models/${id}`,
        version: '001',
        displayName: id,
        inputTokenLimit: contextWindow ?? DEFAULT_INPUT_LIMIT,
        outputTokenLimit: 65_536,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
        thinking: true,
      };
    default:
      return { id, object: 'model', created: Date.parse(CREATED) / 1000, owned_by: 'mock-llm' };
  }
}

/** The family's model-list body. */
export function modelList(family: Family, ids: string[], contextWindow: number | undefined): unknown {
  const entries = ids.map((id) => modelEntry(family, id, contextWindow));
  switch (family) {
    case 'anthropic':
      return { data: entries, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null };
    case 'gemini':
      return { models: entries };
    default:
      return { object: 'list', data: entries };
  }
}

/** The family's 404 message for a model it does not serve. */
export function unknownModelMessage(family: Family, model: string): { message: string; code?: string } {
  switch (family) {
    case 'anthropic':
      return { message: `model: ${model}` };
    case 'gemini':
      return {
        message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      };
    default:
      return { message: `The model \`${model}\` does not exist or you do not have access to it.`, code: 'model_not_found' };
  }
}
