/**
 * The provider boundary: one method that streams a model's answer to a neutral request.
 */
import type { IContent, WireApi } from '../content/content.js';
import type { StreamEvent } from './stream-event.js';

/** A tool the model may call: its name, what it does and its parameters as JSON Schema. */
export interface ToolDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** How the model may use tools on this request. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** Reasoning controls; each provider maps what it supports and ignores the rest. */
export interface ThinkingSettings {
  enabled: boolean;
  /** Anthropic / Gemini thinking budget in tokens. */
  budgetTokens?: number;
  /** OpenAI reasoning effort. */
  effort?: 'minimal' | 'low' | 'medium' | 'high';
}

/** Sampling and length settings. Unset values use the provider's defaults. */
export interface GenerationSettings {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  thinking?: ThinkingSettings;
}

/** Everything one model request needs, in neutral form. */
export interface ProviderRequest {
  model: string;
  history: readonly IContent[];
  systemPrompt?: string;
  tools?: readonly ToolDeclaration[];
  toolChoice?: ToolChoice;
  settings?: GenerationSettings;
  /**
   * What to do with thinking that came from another API (its signature is useless here):
   * send it as plain text, or leave it out (the default).
   */
  foreignThinking?: 'text' | 'drop';
  /** Ask for a JSON answer matching this schema (used by `generateObject`). */
  responseSchema?: { name: string; schema: Record<string, unknown> };
}

/** A model a provider offers, with its limits. */
export interface ModelInfo {
  id: string;
  displayName?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
}

/** One configured model backend. */
export interface Provider {
  /** The instance name (`anthropic`, `openai`, `gemini`, or a custom OpenAI-compatible name). */
  readonly name: string;
  /** The wire API it speaks, which decides which opaque history fields it can use. */
  readonly api: WireApi;
  /**
   * Streams one answer. A failure that ends the stream is thrown as a classified `ProviderError`
   * (at any point of the iteration); `error` events are only for problems the stream survived.
   * Aborting `signal` closes the HTTP stream and throws a `cancelled` ProviderError.
   */
  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent>;
  /** Models from the API, when it has a list endpoint. */
  listModels?(signal: AbortSignal): Promise<ModelInfo[]>;
}
