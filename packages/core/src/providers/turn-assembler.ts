/**
 * Builds the finished ai turn from a provider's stream while producing the stream events for it.
 * Every family's parser feeds one of these, so text merging, tool-call assembly and argument parsing
 * behave the same whatever the wire format.
 */
import type { ContentBlock, IContent, ProviderOpaque, ToolCallBlock, Usage, WireApi } from '../content/content.js';
import { historyToolIdFrom, newHistoryToolId } from '../content/tool-id.js';
import type { FinishReason, StreamEvent } from './stream-event.js';

/** Who is answering, stamped on the turn and on opaque fields. */
export interface AssemblerOrigin {
  api: WireApi;
  provider: string;
  model: string;
}

interface OpenToolCall {
  id: string;
  name: string;
  args: string;
  opaque: ProviderOpaque | undefined;
  /** Arguments given whole (Gemini), not as JSON text. */
  parsed: Record<string, unknown> | undefined;
}

/** Marks a call whose streamed arguments were not a JSON object; the value is the raw text. */
export const INVALID_ARGUMENTS_KEY = '__alfred_invalid_arguments';

/** Parses streamed tool arguments; empty means "no arguments". */
export function parseToolArguments(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Accumulates one ai turn. Methods return the events to yield for what they were given. */
export class TurnAssembler {
  private readonly blocks: ContentBlock[] = [];
  private readonly open = new Map<string, OpenToolCall>();
  private usage: Usage | undefined;
  private finished = false;

  constructor(readonly origin: AssemblerOrigin) {}

  /** Opaque fields of this origin, with whatever the provider sent. */
  opaque(fields: Omit<ProviderOpaque, 'api' | 'model'>): ProviderOpaque {
    return { api: this.origin.api, model: this.origin.model, ...fields };
  }

  /** Whether anything visible or actionable has been received. */
  get hasContent(): boolean {
    return this.blocks.length > 0 || this.open.size > 0;
  }

  text(text: string, opaque?: ProviderOpaque): StreamEvent[] {
    const last = this.blocks.at(-1);
    if (last?.type === 'text' && !opaque && !last.opaque) {
      last.text += text;
    } else if (text !== '' || opaque) {
      this.blocks.push(opaque ? { type: 'text', text, opaque } : { type: 'text', text });
    }
    return text === '' ? [] : [{ type: 'text_delta', text }];
  }

  /** Reasoning text; `newBlock` starts a separate thinking block (a new Anthropic block index). */
  thinking(text: string, options: { signature?: string; opaque?: ProviderOpaque; newBlock?: boolean } = {}): StreamEvent[] {
    const last = this.blocks.at(-1);
    if (last?.type === 'thinking' && !options.newBlock) {
      last.text += text;
      if (options.signature !== undefined) last.signature = (last.signature ?? '') + options.signature;
      if (options.opaque) last.opaque = { ...last.opaque, ...options.opaque };
    } else {
      this.blocks.push({
        type: 'thinking',
        text,
        ...(options.signature !== undefined ? { signature: options.signature } : {}),
        ...(options.opaque ? { opaque: options.opaque } : {}),
      });
    }
    if (text === '' && options.signature === undefined) return [];
    return [{ type: 'thinking_delta', text, ...(options.signature !== undefined ? { signature: options.signature } : {}) }];
  }

  /** Sets signature/opaque fields on the latest thinking block without emitting text. */
  sealThinking(fields: { signature?: string; opaque?: ProviderOpaque }): StreamEvent[] {
    const last = this.blocks.at(-1);
    if (last?.type !== 'thinking') return this.thinking('', { ...fields, newBlock: true });
    if (fields.signature !== undefined) last.signature = fields.signature;
    if (fields.opaque) last.opaque = { ...last.opaque, ...fields.opaque };
    return fields.signature ? [{ type: 'thinking_delta', text: '', signature: fields.signature }] : [];
  }

  /**
   * Opens a tool call under `key` (the stream's own handle: block index, item id…). `providerId`
   * is the provider's call id when it sent one.
   */
  startToolCall(key: string, call: { name: string; providerId?: string; opaque?: ProviderOpaque }): StreamEvent[] {
    const id = call.providerId ? historyToolIdFrom(call.providerId) : newHistoryToolId();
    const opaque = call.providerId ? { ...this.opaque({ callId: call.providerId }), ...call.opaque } : call.opaque;
    this.open.set(key, { id, name: call.name, args: '', opaque, parsed: undefined });
    return [{ type: 'tool_call_start', callId: id, name: call.name }];
  }

  hasToolCall(key: string): boolean {
    return this.open.has(key);
  }

  toolArguments(key: string, delta: string): StreamEvent[] {
    const call = this.open.get(key);
    if (!call || delta === '') return [];
    call.args += delta;
    return [{ type: 'tool_call_delta', callId: call.id, argumentsDelta: delta }];
  }

  /** Gives a call's arguments as an object (Gemini sends them parsed). */
  setToolArguments(key: string, parameters: Record<string, unknown>): void {
    const call = this.open.get(key);
    if (call) call.parsed = parameters;
  }

  updateToolCall(key: string, fields: { name?: string; opaque?: ProviderOpaque }): void {
    const call = this.open.get(key);
    if (!call) return;
    if (fields.name) call.name = fields.name;
    if (fields.opaque) call.opaque = { ...call.opaque, ...fields.opaque };
  }

  /** Closes a call: parses its arguments and adds the block. Unparseable arguments are an error. */
  endToolCall(key: string): StreamEvent[] {
    const call = this.open.get(key);
    if (!call) return [];
    this.open.delete(key);
    const parameters = call.parsed ?? parseToolArguments(call.args);
    // Arguments that are not a JSON object still make a call, so the model gets an error answer it
    // can correct instead of the whole turn failing; the raw text is kept for that answer.
    const block: ToolCallBlock = { type: 'tool_call', id: call.id, name: call.name, parameters: parameters ?? { [INVALID_ARGUMENTS_KEY]: call.args.slice(0, 2_000) } };
    if (call.opaque) block.opaque = call.opaque;
    this.blocks.push(block);
    return [{ type: 'tool_call_end', call: block }];
  }

  /** Closes every call still open, in the order they were opened. */
  endAllToolCalls(): StreamEvent[] {
    return [...this.open.keys()].flatMap((key) => this.endToolCall(key));
  }

  /** Records usage (merged over earlier reports: later figures win). */
  setUsage(usage: Partial<Usage>): StreamEvent[] {
    const merged: Usage = { inputTokens: 0, outputTokens: 0, ...this.usage };
    for (const [key, value] of Object.entries(usage) as [keyof Usage, number | undefined][]) {
      if (value !== undefined) merged[key] = value;
    }
    this.usage = merged;
    return [{ type: 'usage', usage: merged }];
  }

  get isFinished(): boolean {
    return this.finished;
  }

  /** The final event. Closes open calls first; drops empty text blocks that carry nothing. */
  finish(reason: FinishReason): StreamEvent[] {
    if (this.finished) return [];
    const events = this.endAllToolCalls();
    this.finished = true;
    const blocks = this.blocks.filter((block) => !(block.type === 'text' && block.text === '' && !block.opaque));
    const content: IContent = {
      speaker: 'ai',
      blocks,
      metadata: {
        timestamp: Date.now(),
        provider: this.origin.provider,
        model: this.origin.model,
        ...(this.usage ? { usage: this.usage } : {}),
      },
    };
    events.push({ type: 'finish', reason, content, ...(this.usage ? { usage: this.usage } : {}) });
    return events;
  }
}
