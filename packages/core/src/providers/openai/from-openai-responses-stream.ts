/**
 * OpenAI Responses API stream events → StreamEvents. Pure and stateful. Items are matched by
 * `output_index`, never by id: compatible gateways (GitHub Copilot) send a different `item_id` on
 * every event. Reasoning summaries and raw reasoning text become thinking; the final
 * `encrypted_content` (it changes between `added` and `done`) is kept as opaque. Values a server
 * sends only on `output_item.done` (whole arguments, whole text) are taken from there.
 */
import { ProviderError } from '../provider-error.js';
import { streamedErrorKind } from '../classify-error.js';
import type { FinishReason, StreamEvent } from '../stream-event.js';
import { type AssemblerOrigin, TurnAssembler } from '../turn-assembler.js';

interface RawItem {
  type?: string;
  id?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  input?: string;
  encrypted_content?: string | null;
  summary?: { text?: string }[];
  content?: { type?: string; text?: string }[];
}

interface RawUsage {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number | null } | null;
  output_tokens_details?: { reasoning_tokens?: number | null } | null;
}

/** The subset of a Responses stream event the parser reads. */
export interface OpenAiResponsesRawEvent {
  type: string;
  output_index?: number;
  summary_index?: number;
  delta?: string;
  arguments?: string;
  item?: RawItem;
  response?: {
    status?: string;
    error?: { code?: string | null; message?: string } | null;
    incomplete_details?: { reason?: string } | null;
    usage?: RawUsage | null;
  };
  error?: { type?: string; code?: string | null; message?: string };
  code?: string | null;
  message?: string;
}

/** What the parser knows about one output item. */
interface Slot {
  type: string;
  /** Something streamed into it (text, summary or argument deltas). */
  streamed: boolean;
  /** A call whose start is held back until its arguments show whether it is the `parallel` wrapper. */
  deferred?: { callId: string | undefined; itemId: string | undefined; args: string };
  /** A custom tool's plain-text input. */
  input?: string;
}

const INCOMPLETE: Record<string, FinishReason['unified']> = { max_output_tokens: 'length', content_filter: 'content_filter' };

/** Parses one streamed Responses API answer. */
export class OpenAiResponsesStreamParser {
  private readonly turn: TurnAssembler;
  private readonly slots = new Map<number, Slot>();
  private callCount = 0;

  constructor(origin: Omit<AssemblerOrigin, 'api'>) {
    this.turn = new TurnAssembler({ ...origin, api: 'openai-responses' });
  }

  /** Handlers by event type; other events (`response.created`, `*.done` duplicates of deltas…) carry nothing new. */
  private readonly handlers: Readonly<Record<string, (event: OpenAiResponsesRawEvent, index: number) => StreamEvent[]>> = {
    'response.output_item.added': (event, index) => this.itemAdded(index, event.item ?? {}),
    'response.output_text.delta': (event, index) => this.streamedText(index, event.delta),
    'response.refusal.delta': (event, index) => this.streamedText(index, event.delta),
    // Separate summary parts the way the API's own summary text does.
    'response.reasoning_summary_part.added': (event) => ((event.summary_index ?? 0) > 0 ? this.turn.thinking('\n\n') : []),
    'response.reasoning_summary_text.delta': (event, index) => this.streamedThinking(index, event.delta),
    'response.reasoning_text.delta': (event, index) => this.streamedThinking(index, event.delta),
    'response.function_call_arguments.delta': (event, index) => this.argumentsDelta(index, event.delta ?? ''),
    'response.custom_tool_call_input.delta': (event, index) => this.customInput(index, event.delta ?? ''),
    'response.output_item.done': (event, index) => this.itemDone(index, event.item ?? {}),
    'response.completed': (event) => [...this.usage(event.response?.usage), ...this.turn.finish(this.finishReason(event))],
    'response.incomplete': (event) => [...this.usage(event.response?.usage), ...this.turn.finish(this.finishReason(event))],
    'response.failed': (event) => {
      throw this.failure(event.response?.error?.code, undefined, event.response?.error?.message);
    },
    error: (event) => {
      throw this.failure(event.error?.code ?? event.code, event.error?.type, event.error?.message ?? event.message);
    },
  };

  push(event: OpenAiResponsesRawEvent): StreamEvent[] {
    return this.handlers[event.type]?.(event, event.output_index ?? 0) ?? [];
  }

  /** Call after the last event. A stream without `response.completed` was cut. */
  end(): StreamEvent[] {
    if (this.turn.isFinished) return [];
    throw new ProviderError({ kind: 'network', provider: this.turn.origin.provider, message: `${this.turn.origin.provider}: the response stream ended before the response was complete` });
  }

  private markStreamed(index: number): void {
    const slot = this.slots.get(index);
    if (slot) slot.streamed = true;
  }

  private streamedText(index: number, delta: string | undefined): StreamEvent[] {
    this.markStreamed(index);
    return this.turn.text(delta ?? '');
  }

  private streamedThinking(index: number, delta: string | undefined): StreamEvent[] {
    this.markStreamed(index);
    return this.turn.thinking(delta ?? '');
  }

  private itemAdded(index: number, item: RawItem): StreamEvent[] {
    const type = item.type ?? 'unknown';
    const slot: Slot = { type, streamed: false };
    this.slots.set(index, slot);
    switch (type) {
      case 'reasoning':
        return this.turn.thinking('', { newBlock: true, opaque: this.turn.opaque({ ...(item.id ? { itemId: item.id } : {}) }) });
      case 'function_call':
        if (item.name === 'parallel') {
          slot.deferred = { callId: item.call_id, itemId: item.id, args: '' };
          return [];
        }
        return this.startCall(index, item);
      case 'custom_tool_call':
        slot.input = '';
        return this.startCall(index, item, true);
      default:
        return [];
    }
  }

  private startCall(index: number, item: RawItem, customTool = false): StreamEvent[] {
    this.callCount++;
    return this.turn.startToolCall(String(index), {
      name: item.name ?? '',
      ...(item.call_id ? { providerId: item.call_id } : {}),
      opaque: this.turn.opaque({ ...(item.call_id ? { callId: item.call_id } : {}), ...(item.id ? { itemId: item.id } : {}), ...(customTool ? { customTool } : {}) }),
    });
  }

  private argumentsDelta(index: number, delta: string): StreamEvent[] {
    const slot = this.slots.get(index);
    if (slot?.deferred) {
      slot.deferred.args += delta;
      return [];
    }
    this.markStreamed(index);
    return this.turn.toolArguments(String(index), delta);
  }

  private customInput(index: number, delta: string): StreamEvent[] {
    const slot = this.slots.get(index);
    if (slot?.input !== undefined) slot.input += delta;
    return [];
  }

  private itemDone(index: number, item: RawItem): StreamEvent[] {
    const slot = this.slots.get(index) ?? { type: item.type ?? 'unknown', streamed: false };
    switch (slot.type) {
      case 'reasoning': {
        const events = slot.streamed ? [] : this.turn.thinking([...(item.summary ?? []), ...(item.content ?? [])].map((part) => part.text ?? '').join('\n\n'));
        return item.encrypted_content ? [...events, ...this.turn.sealThinking({ opaque: this.turn.opaque({ encryptedContent: item.encrypted_content }) })] : events;
      }
      case 'message':
        return slot.streamed ? [] : this.turn.text((item.content ?? []).map((part) => part.text ?? '').join(''));
      case 'function_call':
        if (slot.deferred) return this.unwrapParallel(index, item, slot.deferred);
        return [...(slot.streamed ? [] : this.turn.toolArguments(String(index), item.arguments ?? '')), ...this.turn.endToolCall(String(index))];
      case 'custom_tool_call':
        this.turn.setToolArguments(String(index), { input: slot.input || item.input || '' });
        return this.turn.endToolCall(String(index));
      default:
        return [];
    }
  }

  /**
   * Some models leak parallel calls as one `parallel` call whose arguments list the real ones
   * (`{tool_uses: [{recipient_name: "functions.x", parameters}]}`); they become separate calls.
   */
  private unwrapParallel(index: number, item: RawItem, deferred: NonNullable<Slot['deferred']>): StreamEvent[] {
    const args = deferred.args || item.arguments || '';
    const uses = parseToolUses(args);
    const callId = deferred.callId ?? item.call_id;
    if (!uses) {
      return [...this.startCall(index, { ...item, name: 'parallel', ...(callId ? { call_id: callId } : {}) }), ...this.turn.toolArguments(String(index), args), ...this.turn.endToolCall(String(index))];
    }
    return uses.flatMap((use, position) => {
      const key = `${index}.${position}`;
      const name = use.recipient_name.replace(/^functions\./, '');
      this.callCount++;
      const providerId = callId ? `${callId}_${position}` : undefined;
      return [
        ...this.turn.startToolCall(key, { name, ...(providerId ? { providerId } : {}) }),
        ...this.turn.toolArguments(key, JSON.stringify(use.parameters ?? {})),
        ...this.turn.endToolCall(key),
      ];
    });
  }

  private finishReason(event: OpenAiResponsesRawEvent): FinishReason {
    const status = event.response?.status ?? (event.type === 'response.incomplete' ? 'incomplete' : 'completed');
    if (status === 'incomplete') {
      const reason = event.response?.incomplete_details?.reason;
      return { unified: (reason && INCOMPLETE[reason]) || 'other', raw: reason ?? status };
    }
    return { unified: this.callCount > 0 ? 'tool_calls' : 'stop', raw: status };
  }

  private failure(code: string | null | undefined, type: string | undefined, message: string | undefined): ProviderError {
    const provider = this.turn.origin.provider;
    return new ProviderError({ kind: streamedErrorKind(code, type), provider, message: `${provider}: ${message ?? code ?? type ?? 'the response failed'}` });
  }

  private usage(usage: RawUsage | null | undefined): StreamEvent[] {
    if (!usage) return [];
    const cached = usage.input_tokens_details?.cached_tokens;
    const reasoning = usage.output_tokens_details?.reasoning_tokens;
    return this.turn.setUsage({
      inputTokens: usage.input_tokens ?? 0,
      outputTokens: usage.output_tokens ?? 0,
      ...(typeof cached === 'number' ? { cacheReadTokens: cached } : {}),
      ...(typeof reasoning === 'number' ? { thinkingTokens: reasoning } : {}),
    });
  }
}

interface ToolUse {
  recipient_name: string;
  parameters?: Record<string, unknown>;
}

function parseToolUses(text: string): ToolUse[] | undefined {
  try {
    const value = JSON.parse(text) as { tool_uses?: unknown };
    const uses = value.tool_uses;
    if (!Array.isArray(uses) || uses.length === 0) return undefined;
    return uses.every((use: unknown) => typeof (use as ToolUse | null)?.recipient_name === 'string') ? (uses as ToolUse[]) : undefined;
  } catch {
    return undefined;
  }
}
