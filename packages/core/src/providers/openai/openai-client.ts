/**
 * Creates the `openai` SDK client on first use, for both OpenAI APIs and compatible servers.
 */
import type OpenAI from 'openai';
import { classifyProviderError } from '../classify-error.js';
import type { ModelInfo } from '../provider.js';
import { missingKeyError } from '../provider-error.js';

/** How to reach an OpenAI or OpenAI-compatible server. */
export interface OpenAiConnection {
  name?: string;
  apiKey: string | undefined;
  /** A compatible server (Ollama, LM Studio, vLLM, OpenRouter…); without one, api.openai.com. */
  baseUrl?: string;
  idleTimeoutMs?: number;
}

/** Local servers take any key; sending a placeholder keeps the SDK from refusing to start. */
const KEYLESS_PLACEHOLDER = 'no-key';

/** Loads the SDK and builds a client with retries off (retry is alfred's). */
export async function createOpenAiClient(connection: OpenAiConnection, provider: string): Promise<OpenAI> {
  if (!connection.apiKey && !connection.baseUrl) throw missingKeyError(provider, 'OPENAI_API_KEY');
  const { default: OpenAIClient } = await import('openai');
  return new OpenAIClient({
    apiKey: connection.apiKey || KEYLESS_PLACEHOLDER,
    ...(connection.baseUrl ? { baseURL: connection.baseUrl } : {}),
    organization: null,
    project: null,
    maxRetries: 0,
  });
}

/** The server's model list (both OpenAI APIs); compatible servers without `/models` give an empty list. */
export async function listOpenAiModels(client: () => Promise<OpenAI>, connection: OpenAiConnection, provider: string, signal: AbortSignal): Promise<ModelInfo[]> {
  try {
    const models: ModelInfo[] = [];
    for await (const model of (await client()).models.list({ signal })) models.push({ id: model.id });
    return models;
  } catch (error) {
    const classified = classifyProviderError(error, provider, [connection.apiKey]);
    if (classified.kind === 'not_found') return [];
    throw classified;
  }
}
