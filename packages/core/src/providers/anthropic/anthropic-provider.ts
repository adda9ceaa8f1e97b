/**
 * Anthropic through `@anthropic-ai/sdk` (loaded on first use). Orchestration only: conversion and
 * parsing live in the pure modules beside it.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Provider, ProviderRequest, ModelInfo } from '../provider.js';
import { classifyProviderError } from '../classify-error.js';
import { missingKeyError } from '../provider-error.js';
import { pumpSdkStream } from '../pump-sdk-stream.js';
import type { StreamEvent } from '../stream-event.js';
import { type AnthropicRawEvent, AnthropicStreamParser } from './from-anthropic-stream.js';
import { toAnthropicRequest } from './to-anthropic-request.js';

/** How to reach Anthropic. */
export interface AnthropicProviderOptions {
  name?: string;
  apiKey: string | undefined;
  baseUrl?: string;
  idleTimeoutMs?: number;
  /** Output limit per model when the request sets none (from the model table). */
  maxOutputTokens?: (model: string) => number | undefined;
}

/** The Anthropic Messages API provider. */
export class AnthropicProvider implements Provider {
  readonly name: string;
  readonly api = 'anthropic' as const;
  private client: Anthropic | undefined;

  constructor(private readonly options: AnthropicProviderOptions) {
    this.name = options.name ?? 'anthropic';
  }

  private async sdk(): Promise<Anthropic> {
    if (!this.client) {
      const { default: AnthropicClient } = await import('@anthropic-ai/sdk');
      this.client = new AnthropicClient({
        // Keys come from alfred's own resolution only, never the SDK's reading of the environment.
        apiKey: this.options.apiKey || null,
        authToken: null,
        ...(this.options.baseUrl ? { baseURL: this.options.baseUrl } : {}),
        maxRetries: 0,
      });
    }
    return this.client;
  }

  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    const maxTokens = this.options.maxOutputTokens?.(request.model);
    return pumpSdkStream<AnthropicRawEvent>({
      provider: this.name,
      signal,
      secrets: [this.options.apiKey],
      ...(this.options.idleTimeoutMs !== undefined ? { idleTimeoutMs: this.options.idleTimeoutMs } : {}),
      parser: new AnthropicStreamParser({ provider: this.name, model: request.model }),
      open: async (abort) => {
        if (!this.options.apiKey) throw missingKeyError(this.name, 'ANTHROPIC_API_KEY');
        const client = await this.sdk();
        const body = toAnthropicRequest(request, maxTokens !== undefined ? { maxTokens } : {});
        const stream = await client.messages.create(body, { signal: abort });
        return stream as AsyncIterable<AnthropicRawEvent>;
      },
    });
  }

  async listModels(signal: AbortSignal): Promise<ModelInfo[]> {
    try {
      const client = await this.sdk();
      const models: ModelInfo[] = [];
      for await (const model of client.models.list({ limit: 100 }, { signal })) {
        models.push({ id: model.id, displayName: model.display_name });
      }
      return models;
    } catch (error) {
      throw classifyProviderError(error, this.name, [this.options.apiKey]);
    }
  }
}
