/**
 * OpenAI Chat Completions (and every compatible server) through the `openai` SDK. The raw
 * `create({stream: true})` chunks are parsed by our own parser: the SDK's `.stream()` helper
 * fails on calls without `index` and keeps only the last `reasoning_content` delta.
 */
import type OpenAI from 'openai';
import type { ModelInfo, Provider, ProviderRequest } from '../provider.js';
import { pumpSdkStream } from '../pump-sdk-stream.js';
import type { StreamEvent } from '../stream-event.js';
import { type OpenAiChatRawChunk, OpenAiChatStreamParser } from './from-openai-chat-stream.js';
import { createOpenAiClient, listOpenAiModels, type OpenAiConnection } from './openai-client.js';
import { toOpenAiChatRequest } from './to-openai-chat-request.js';

/** Options of {@link OpenAiChatProvider}. */
export interface OpenAiChatProviderOptions extends OpenAiConnection {
  /** Ask for the final usage chunk (`stream_options.include_usage`); a few old servers reject it. */
  includeUsage?: boolean;
}

/** The Chat Completions provider. */
export class OpenAiChatProvider implements Provider {
  readonly name: string;
  readonly api = 'openai-chat' as const;
  private client: OpenAI | undefined;

  constructor(private readonly options: OpenAiChatProviderOptions) {
    this.name = options.name ?? 'openai';
  }

  private async sdk(): Promise<OpenAI> {
    this.client ??= await createOpenAiClient(this.options, this.name);
    return this.client;
  }

  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    return pumpSdkStream<OpenAiChatRawChunk>({
      provider: this.name,
      signal,
      secrets: [this.options.apiKey],
      ...(this.options.idleTimeoutMs !== undefined ? { idleTimeoutMs: this.options.idleTimeoutMs } : {}),
      parser: new OpenAiChatStreamParser({ provider: this.name, model: request.model }),
      open: async (abort) => {
        const client = await this.sdk();
        const body = toOpenAiChatRequest(request, this.options.includeUsage === false ? { includeUsage: false } : {});
        const stream = await client.chat.completions.create(body, { signal: abort });
        return stream as AsyncIterable<OpenAiChatRawChunk>;
      },
    });
  }

  /** The server's model list; compatible servers without `/models` give an empty list. */
  listModels(signal: AbortSignal): Promise<ModelInfo[]> {
    return listOpenAiModels(() => this.sdk(), this.options, this.name, signal);
  }
}
