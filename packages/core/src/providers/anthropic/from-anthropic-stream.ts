/**
 * Anthropic Messages stream events → StreamEvents. Pure and stateful: feed each raw event to
 * `push`, then call `end`. Tolerates duplicate `message_start`, pings anywhere, refusals with no
 * content, and `message_delta` usage that revises `message_start`'s.
 */
import type { Usage } from '../../content/content.js';
import { ProviderError } from '../provider-error.js';
import type { FinishReason, StreamEvent } from '../stream-event.js';
import { type AssemblerOrigin, TurnAssembler } from '../turn-assembler.js';

/** The subset of a raw Anthropic stream event the parser reads. */
export interface AnthropicRawEvent {
  type: string;
  index?: number;
  message?: { model?: string; usage?: AnthropicUsage };
  content_block?: { type: string; id?: string; name?: string; text?: string; thinking?: string; signature?: string; data?: string };
  delta?: {
    type?: string;
    text?: string;
    thinking?: string;
    signature?: string;
    partial_json?: string;
    stop_reason?: string | null;
  };
  usage?: AnthropicUsage;
  error?: { type?: string; message?: string };
}

interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

const STOP_REASONS: Record<string, FinishReason['unified']> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'content_filter',
  pause_turn: 'other',
};

/** Maps an Anthropic `stop_reason` to the unified finish reason, keeping the raw value. */
export function mapAnthropicStopReason(raw: string | null | undefined): FinishReason {
  return { unified: raw ? (STOP_REASONS[raw] ?? 'other') : 'other', raw: raw ?? undefined };
}

/** Error types Anthropic sends in an `error` event, classified. */
function streamError(error: AnthropicRawEvent['error'], provider: string): ProviderError {
  const type = error?.type ?? 'api_error';
  const message = `${provider}: ${error?.message ?? type}`;
  if (type === 'overloaded_error' || type === 'api_error') return new ProviderError({ kind: 'server', message, provider });
  if (type === 'rate_limit_error') return new ProviderError({ kind: 'rate_limit', message, provider });
  if (type === 'authentication_error' || type === 'permission_error') return new ProviderError({ kind: 'auth', message, provider });
  return new ProviderError({ kind: 'bad_request', message, provider });
}

/** Parses one Anthropic message stream into StreamEvents and the finished turn. */
export class AnthropicStreamParser {
  private readonly turn: TurnAssembler;
  private readonly blockKinds = new Map<number, string>();
  private stopReason: string | null | undefined;
  private usage: AnthropicUsage = {};

  constructor(origin: Omit<AssemblerOrigin, 'api'>) {
    this.turn = new TurnAssembler({ ...origin, api: 'anthropic' });
  }

  get hasContent(): boolean {
    return this.turn.hasContent;
  }

  push(event: AnthropicRawEvent): StreamEvent[] {
    switch (event.type) {
      case 'message_start':
        return this.updateUsage(event.message?.usage);
      case 'content_block_start':
        return this.startBlock(event.index ?? 0, event.content_block);
      case 'content_block_delta':
        return this.delta(event.index ?? 0, event.delta);
      case 'content_block_stop':
        return this.blockKinds.get(event.index ?? 0) === 'tool_use' ? this.turn.endToolCall(String(event.index ?? 0)) : [];
      case 'message_delta':
        this.stopReason = event.delta?.stop_reason ?? this.stopReason;
        return this.updateUsage(event.usage);
      case 'message_stop':
        return this.turn.finish(mapAnthropicStopReason(this.stopReason));
      case 'error':
        throw streamError(event.error, this.turn.origin.provider);
      default:
        return [];
    }
  }

  /** Call when the stream ends. A stream that stopped before `message_stop` was cut. */
  end(): StreamEvent[] {
    if (this.turn.isFinished) return [];
    throw new ProviderError({
      kind: 'network',
      provider: this.turn.origin.provider,
      message: `${this.turn.origin.provider}: the response stream ended before the message was complete`,
    });
  }

  private startBlock(index: number, block: AnthropicRawEvent['content_block']): StreamEvent[] {
    if (!block) return [];
    this.blockKinds.set(index, block.type);
    switch (block.type) {
      case 'text':
        return this.turn.text(block.text ?? '');
      case 'thinking':
        return this.turn.thinking(block.thinking ?? '', {
          newBlock: true,
          opaque: this.turn.opaque({}),
          ...(block.signature ? { signature: block.signature } : {}),
        });
      case 'redacted_thinking':
        return this.turn.thinking('', { newBlock: true, opaque: this.turn.opaque({ redactedData: block.data ?? '' }) });
      case 'tool_use':
        return this.turn.startToolCall(String(index), { name: block.name ?? '', ...(block.id ? { providerId: block.id } : {}) });
      default:
        // Server-side tools (code execution, web search) run at Anthropic; alfred has nothing to do with them.
        return [];
    }
  }

  private delta(index: number, delta: AnthropicRawEvent['delta']): StreamEvent[] {
    switch (delta?.type) {
      case 'text_delta':
        return this.turn.text(delta.text ?? '');
      case 'thinking_delta':
        return this.turn.thinking(delta.thinking ?? '');
      case 'signature_delta':
        return this.turn.thinking('', { signature: delta.signature ?? '' });
      case 'input_json_delta':
        return this.blockKinds.get(index) === 'tool_use' ? this.turn.toolArguments(String(index), delta.partial_json ?? '') : [];
      default:
        return [];
    }
  }

  private updateUsage(usage: AnthropicUsage | undefined): StreamEvent[] {
    if (!usage) return [];
    for (const [key, value] of Object.entries(usage) as [keyof AnthropicUsage, number | null | undefined][]) {
      if (typeof value === 'number') this.usage[key] = value;
    }
    const cacheRead = this.usage.cache_read_input_tokens ?? 0;
    const cacheWrite = this.usage.cache_creation_input_tokens ?? 0;
    const normalized: Usage = {
      // Anthropic's input_tokens excludes cached tokens; ours counts the whole prompt.
      inputTokens: (this.usage.input_tokens ?? 0) + cacheRead + cacheWrite,
      outputTokens: this.usage.output_tokens ?? 0,
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
    };
    return this.turn.setUsage(normalized);
  }
}
