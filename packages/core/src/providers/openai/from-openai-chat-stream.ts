/**
 * OpenAI Chat Completions chunks → StreamEvents. Pure and stateful. Assembles tool calls by index
 * (or by position when a server leaves `index` out), never lets a continuation's empty `id` reset
 * a call, concatenates `reasoning_content` / `reasoning` from compatible servers, and reads usage
 * wherever it arrives (its own chunk, the finish chunk, or inside the choice).
 */
import { streamedErrorKind } from '../classify-error.js';
import { ProviderError } from '../provider-error.js';
import type { FinishReason, StreamEvent } from '../stream-event.js';
import { type AssemblerOrigin, TurnAssembler } from '../turn-assembler.js';

interface RawToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null };
}

interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

/** The subset of a chat completion chunk the parser reads. */
export interface OpenAiChatRawChunk {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: RawToolCallDelta[] | null };
    finish_reason?: string | null;
    usage?: RawUsage | null;
  }[];
  usage?: RawUsage | null;
  error?: { message?: string; type?: string; code?: string | number | null };
}

const FINISH: Record<string, FinishReason['unified']> = {
  stop: 'stop',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  length: 'length',
  content_filter: 'content_filter',
};

/** Maps a chat `finish_reason`; a `stop` that came with tool calls is reported as `tool_calls`. */
export function mapOpenAiFinishReason(raw: string | null | undefined, hadToolCalls: boolean): FinishReason {
  const unified = raw ? (FINISH[raw] ?? 'other') : 'other';
  return { unified: hadToolCalls && unified === 'stop' ? 'tool_calls' : unified, raw: raw ?? undefined };
}

interface Slot {
  key: string;
  providerId: string | undefined;
  name: string | undefined;
  /** Arguments received before the name (the call cannot start without one). */
  pendingArgs: string;
}

/** Parses one streamed chat completion. */
export class OpenAiChatStreamParser {
  private readonly turn: TurnAssembler;
  private readonly slots = new Map<number, Slot>();
  private finishReason: string | undefined;
  private callCount = 0;

  constructor(origin: Omit<AssemblerOrigin, 'api'>) {
    this.turn = new TurnAssembler({ ...origin, api: 'openai-chat' });
  }

  push(chunk: OpenAiChatRawChunk): StreamEvent[] {
    if (chunk.error) {
      const { message, type, code } = chunk.error;
      throw new ProviderError({ kind: streamedErrorKind(code, type), provider: this.turn.origin.provider, message: `${this.turn.origin.provider}: ${message ?? type ?? 'stream error'}` });
    }
    const events: StreamEvent[] = [];
    const choice = chunk.choices?.[0];
    const delta = choice?.delta;
    const reasoning = delta?.reasoning_content ?? delta?.reasoning;
    if (reasoning) events.push(...this.turn.thinking(reasoning, { opaque: this.turn.opaque({}) }));
    if (delta?.content) events.push(...this.turn.text(delta.content));
    delta?.tool_calls?.forEach((call, position) => events.push(...this.toolDelta(call, position)));
    if (choice?.finish_reason) this.finishReason = choice.finish_reason;
    const usage = chunk.usage ?? choice?.usage;
    if (usage) events.push(...this.usage(usage));
    return events;
  }

  /** Call after the last chunk. A stream without a finish reason was cut. */
  end(): StreamEvent[] {
    if (this.finishReason === undefined) {
      throw new ProviderError({ kind: 'network', provider: this.turn.origin.provider, message: `${this.turn.origin.provider}: the response stream ended before a finish reason` });
    }
    const events = [...this.slots.values()].flatMap((slot) => this.flushPending(slot));
    events.push(...this.turn.finish(mapOpenAiFinishReason(this.finishReason, this.callCount > 0)));
    return events;
  }

  private toolDelta(call: RawToolCallDelta, position: number): StreamEvent[] {
    const index = call.index ?? position;
    const id = call.id || undefined;
    let slot = this.slots.get(index);
    if (!slot || (id && slot.providerId && id !== slot.providerId)) {
      // A different id in the same slot is a new call from a server that does not number them.
      const key = `${index}:${this.callCount++}`;
      slot = { key, providerId: id, name: undefined, pendingArgs: '' };
      this.slots.set(index, slot);
    }
    const events: StreamEvent[] = [];
    if (!slot.name && call.function?.name) {
      slot.name = call.function.name;
      slot.providerId ??= id;
      events.push(...this.turn.startToolCall(slot.key, { name: slot.name, ...(slot.providerId ? { providerId: slot.providerId } : {}) }));
      events.push(...this.turn.toolArguments(slot.key, slot.pendingArgs));
      slot.pendingArgs = '';
    }
    const args = call.function?.arguments ?? '';
    if (slot.name) events.push(...this.turn.toolArguments(slot.key, args));
    else slot.pendingArgs += args;
    return events;
  }

  private flushPending(slot: Slot): StreamEvent[] {
    if (slot.name || slot.pendingArgs === '') return [];
    throw new ProviderError({ kind: 'invalid_response', provider: this.turn.origin.provider, message: `${this.turn.origin.provider}: a tool call arrived without a name` });
  }

  private usage(usage: RawUsage): StreamEvent[] {
    const cached = usage.prompt_tokens_details?.cached_tokens;
    const reasoning = usage.completion_tokens_details?.reasoning_tokens;
    return this.turn.setUsage({
      inputTokens: usage.prompt_tokens ?? 0,
      outputTokens: usage.completion_tokens ?? 0,
      ...(typeof cached === 'number' ? { cacheReadTokens: cached } : {}),
      ...(typeof reasoning === 'number' ? { thinkingTokens: reasoning } : {}),
    });
  }
}
