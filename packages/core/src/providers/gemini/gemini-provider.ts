/**
 * Gemini through `@google/genai` (loaded on first use). Orchestration only.
 */
import type { GoogleGenAI } from '@google/genai';
import { classifyProviderError, parseRetryAfter } from '../classify-error.js';
import type { ModelInfo, Provider, ProviderRequest } from '../provider.js';
import { missingKeyError, ProviderError } from '../provider-error.js';
import { pumpSdkStream } from '../pump-sdk-stream.js';
import type { StreamEvent } from '../stream-event.js';
import { type GeminiRawChunk, GeminiStreamParser } from './from-gemini-stream.js';
import { toGeminiRequest } from './to-gemini-request.js';

/** How to reach Gemini. */
export interface GeminiProviderOptions {
  name?: string;
  apiKey: string | undefined;
  baseUrl?: string;
  idleTimeoutMs?: number;
}

/** The Gemini API provider. */
export class GeminiProvider implements Provider {
  readonly name: string;
  readonly api = 'gemini' as const;
  private client: GoogleGenAI | undefined;
  /** `@google/genai` errors carry no headers, so the last refusal's Retry-After is kept here. */
  private lastRetryAfterMs: number | undefined;

  constructor(private readonly options: GeminiProviderOptions) {
    this.name = options.name ?? 'gemini';
  }

  private async sdk(): Promise<GoogleGenAI> {
    if (!this.options.apiKey) throw missingKeyError(this.name, 'GEMINI_API_KEY');
    if (!this.client) {
      const { GoogleGenAI: Client } = await import('@google/genai');
      this.client = new Client({
        apiKey: this.options.apiKey,
        // attempts: 1 turns the SDK's own retries off; retry is alfred's.
        httpOptions: {
          ...(this.options.baseUrl ? { baseUrl: this.options.baseUrl } : {}),
          retryOptions: { attempts: 1 },
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            this.lastRetryAfterMs = response.ok ? undefined : parseRetryAfter(response.headers);
            return response;
          },
        },
      });
    }
    return this.client;
  }

  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    return pumpSdkStream<GeminiRawChunk>({
      provider: this.name,
      signal,
      secrets: [this.options.apiKey],
      ...(this.options.idleTimeoutMs !== undefined ? { idleTimeoutMs: this.options.idleTimeoutMs } : {}),
      parser: new GeminiStreamParser({ provider: this.name, model: request.model }),
      open: async (abort) => {
        const client = await this.sdk();
        const params = toGeminiRequest(request);
        try {
          const stream = await client.models.generateContentStream({ ...params, config: { ...params.config, abortSignal: abort } });
          return stream as AsyncIterable<GeminiRawChunk>;
        } catch (error) {
          const classified = classifyProviderError(error, this.name, [this.options.apiKey]);
          if (classified.retryAfterMs !== undefined || this.lastRetryAfterMs === undefined) throw classified;
          throw new ProviderError({ kind: classified.kind, message: classified.message, provider: this.name, retryAfterMs: this.lastRetryAfterMs, ...(classified.status !== undefined ? { status: classified.status } : {}) });
        }
      },
    });
  }

  /** Models with their context window and output limit, as the API lists them. */
  async listModels(signal: AbortSignal): Promise<ModelInfo[]> {
    try {
      const client = await this.sdk();
      const models: ModelInfo[] = [];
      const pager = await client.models.list({ config: { abortSignal: signal } });
      for await (const model of pager) {
        if (!model.name) continue;
        models.push({
          id: model.name.replace(/^models\//, ''),
          ...(model.displayName ? { displayName: model.displayName } : {}),
          ...(model.inputTokenLimit ? { contextWindow: model.inputTokenLimit } : {}),
          ...(model.outputTokenLimit ? { maxOutputTokens: model.outputTokenLimit } : {}),
        });
      }
      return models;
    } catch (error) {
      throw classifyProviderError(error, this.name, [this.options.apiKey]);
    }
  }
}
