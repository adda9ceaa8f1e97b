/**
 * Gemini `generateContentStream` chunks → StreamEvents. Pure and stateful. Keeps thought
 * signatures on the parts they came with (even an empty text part), and assembles calls whose
 * arguments stream as `partialArgs` (name with `willContinue`, fragments by JSON path, then an
 * empty `functionCall {}` closing it).
 */
import type { Usage } from '../../content/content.js';
import { ProviderError } from '../provider-error.js';
import type { FinishReason, StreamEvent } from '../stream-event.js';
import { type AssemblerOrigin, TurnAssembler } from '../turn-assembler.js';

interface RawPartialArg {
  jsonPath?: string;
  stringValue?: string;
  numberValue?: number;
  boolValue?: boolean;
  nullValue?: unknown;
}

interface RawPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown>; partialArgs?: RawPartialArg[]; willContinue?: boolean };
}

/** The subset of a Gemini stream chunk the parser reads. */
export interface GeminiRawChunk {
  candidates?: { content?: { parts?: RawPart[] }; finishReason?: string }[];
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number; cachedContentTokenCount?: number; toolUsePromptTokenCount?: number };
  promptFeedback?: { blockReason?: string };
}

const FINISH: Record<string, FinishReason['unified']> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
  MALFORMED_FUNCTION_CALL: 'error',
};

/** Maps a Gemini `finishReason`; `STOP` after function calls is `tool_calls`. */
export function mapGeminiFinishReason(raw: string | undefined, hadToolCalls: boolean): FinishReason {
  const unified = raw ? (FINISH[raw] ?? 'other') : 'other';
  return { unified: hadToolCalls && unified === 'stop' ? 'tool_calls' : unified, raw };
}

/** Sets `value` at a `$.a.b[0]` path, appending when a string continues. */
function setAtPath(target: Record<string, unknown>, path: string, value: unknown, append: boolean): void {
  const keys = path.replace(/^\$\.?/, '').split(/\.|\[(\d+)\]/).filter((key) => key !== undefined && key !== '');
  let node: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, position) => {
    const last = position === keys.length - 1;
    const slot = Array.isArray(node) ? Number(key) : key;
    const container = node as Record<string | number, unknown>;
    if (last) {
      const previous = container[slot];
      container[slot] = append && typeof previous === 'string' && typeof value === 'string' ? previous + value : value;
      return;
    }
    if (typeof container[slot] !== 'object' || container[slot] === null) container[slot] = /^\d+$/.test(keys[position + 1] ?? '') ? [] : {};
    node = container[slot] as Record<string, unknown> | unknown[];
  });
}

/** Parses one Gemini response stream. */
export class GeminiStreamParser {
  private readonly turn: TurnAssembler;
  private finishReason: string | undefined;
  private blocked: string | undefined;
  private callCount = 0;
  /** The call whose arguments are still streaming. */
  private streaming: { key: string; args: Record<string, unknown> } | undefined;

  constructor(origin: Omit<AssemblerOrigin, 'api'>) {
    this.turn = new TurnAssembler({ ...origin, api: 'gemini' });
  }

  push(chunk: GeminiRawChunk): StreamEvent[] {
    const events: StreamEvent[] = [];
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) events.push(...this.part(part));
    if (candidate?.finishReason) this.finishReason = candidate.finishReason;
    if (chunk.promptFeedback?.blockReason) this.blocked = chunk.promptFeedback.blockReason;
    if (chunk.usageMetadata) events.push(...this.usage(chunk.usageMetadata));
    return events;
  }

  /**
   * Call after the last chunk. Only an answer with no content (usage only) may end without a
   * finish reason; anything else without one was cut, and its open call is dropped.
   */
  end(): StreamEvent[] {
    if (!this.finishReason && !this.blocked && (this.turn.hasContent || this.streaming)) {
      throw new ProviderError({ kind: 'network', provider: this.turn.origin.provider, message: `${this.turn.origin.provider}: the response stream ended before a finish reason` });
    }
    const events = this.closeStreaming();
    const reason = this.blocked ? { unified: 'content_filter' as const, raw: this.blocked } : mapGeminiFinishReason(this.finishReason, this.callCount > 0);
    events.push(...this.turn.finish(reason));
    return events;
  }

  private part(part: RawPart): StreamEvent[] {
    const opaque = part.thoughtSignature ? this.turn.opaque({ signature: part.thoughtSignature }) : undefined;
    if (part.functionCall) return this.functionCall(part.functionCall, opaque);
    if (part.thought) {
      return this.turn.thinking(part.text ?? '', { opaque: opaque ?? this.turn.opaque({}), ...(part.thoughtSignature ? { signature: part.thoughtSignature } : {}) });
    }
    if (part.text !== undefined) return this.turn.text(part.text, opaque);
    return [];
  }

  private functionCall(call: NonNullable<RawPart['functionCall']>, opaque: ReturnType<TurnAssembler['opaque']> | undefined): StreamEvent[] {
    if (call.name) {
      const events = this.closeStreaming();
      const key = `call-${this.callCount++}`;
      events.push(...this.turn.startToolCall(key, { name: call.name, ...(call.id ? { providerId: call.id } : {}), ...(opaque ? { opaque } : {}) }));
      if (!call.id) this.turn.updateToolCall(key, { opaque: this.turn.opaque({ ...(opaque?.signature ? { signature: opaque.signature } : {}) }) });
      if (call.willContinue) {
        this.streaming = { key, args: { ...call.args } };
        return events;
      }
      this.turn.setToolArguments(key, call.args ?? {});
      return [...events, ...this.turn.endToolCall(key)];
    }
    if (!this.streaming) return [];
    for (const fragment of call.partialArgs ?? []) {
      const value = fragment.stringValue ?? fragment.numberValue ?? fragment.boolValue ?? (fragment.nullValue !== undefined ? null : undefined);
      if (fragment.jsonPath && value !== undefined) setAtPath(this.streaming.args, fragment.jsonPath, value, fragment.stringValue !== undefined);
    }
    if (opaque) this.turn.updateToolCall(this.streaming.key, { opaque });
    return call.willContinue ? [] : this.closeStreaming();
  }

  private closeStreaming(): StreamEvent[] {
    if (!this.streaming) return [];
    const { key, args } = this.streaming;
    this.streaming = undefined;
    this.turn.setToolArguments(key, args);
    return this.turn.endToolCall(key);
  }

  private usage(metadata: NonNullable<GeminiRawChunk['usageMetadata']>): StreamEvent[] {
    if (metadata.promptTokenCount === undefined && metadata.candidatesTokenCount === undefined && metadata.thoughtsTokenCount === undefined) return [];
    const thinking = metadata.thoughtsTokenCount;
    const usage: Partial<Usage> = {
      inputTokens: (metadata.promptTokenCount ?? 0) + (metadata.toolUsePromptTokenCount ?? 0),
      // Gemini counts thoughts apart from candidates; ours includes them in the output.
      outputTokens: (metadata.candidatesTokenCount ?? 0) + (thinking ?? 0),
      ...(thinking !== undefined ? { thinkingTokens: thinking } : {}),
      ...(metadata.cachedContentTokenCount !== undefined ? { cacheReadTokens: metadata.cachedContentTokenCount } : {}),
    };
    return this.turn.setUsage(usage);
  }
}
