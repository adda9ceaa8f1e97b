/**
 * The OpenAI Responses API (and compatible servers) through the `openai` SDK. The raw
 * `responses.create({stream: true})` events are parsed by our own parser: the SDK's `.stream()`
 * helper matches items by id (which gateways rotate) and resolves a `parallel` wrapper call to an
 * empty output.
 */
import type OpenAI from 'openai';
import type { ModelInfo, Provider, ProviderRequest } from '../provider.js';
import { pumpSdkStream } from '../pump-sdk-stream.js';
import type { StreamEvent } from '../stream-event.js';
import { type OpenAiResponsesRawEvent, OpenAiResponsesStreamParser } from './from-openai-responses-stream.js';
import { createOpenAiClient, listOpenAiModels, type OpenAiConnection } from './openai-client.js';
import { toOpenAiResponsesRequest } from './to-openai-responses-request.js';

/** The Responses API provider. */
export class OpenAiResponsesProvider implements Provider {
  readonly name: string;
  readonly api = 'openai-responses' as const;
  private client: OpenAI | undefined;

  constructor(private readonly options: OpenAiConnection) {
    this.name = options.name ?? 'openai';
  }

  private async sdk(): Promise<OpenAI> {
    this.client ??= await createOpenAiClient(this.options, this.name);
    return this.client;
  }

  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    return pumpSdkStream<OpenAiResponsesRawEvent>({
      provider: this.name,
      signal,
      secrets: [this.options.apiKey],
      ...(this.options.idleTimeoutMs !== undefined ? { idleTimeoutMs: this.options.idleTimeoutMs } : {}),
      parser: new OpenAiResponsesStreamParser({ provider: this.name, model: request.model }),
      open: async (abort) => {
        const client = await this.sdk();
        const stream = await client.responses.create(toOpenAiResponsesRequest(request), { signal: abort });
        return stream as AsyncIterable<OpenAiResponsesRawEvent>;
      },
    });
  }

  /** The server's model list; compatible servers without `/models` give an empty list. */
  listModels(signal: AbortSignal): Promise<ModelInfo[]> {
    return listOpenAiModels(() => this.sdk(), this.options, this.name, signal);
  }
}
