/**
 * The provider-neutral conversation model. Every provider converts to and from these types at its
 * boundary; nothing else in alfred sees a provider's wire format.
 */

/** Who produced a turn. Tool results are their own speaker so role rules stay explicit. */
export type Speaker = 'human' | 'ai' | 'tool';

/**
 * The wire API a value came from. Opaque fields (signatures, encrypted reasoning, original ids)
 * are only valid when sent back to the same API, so they are tagged with it.
 */
export type WireApi = 'anthropic' | 'openai-chat' | 'openai-responses' | 'gemini';

/**
 * Fields a provider returned that alfred cannot interpret but must send back unchanged to the same
 * API (and must not send to another). `api` says whose they are.
 */
export interface ProviderOpaque {
  api: WireApi;
  /** The model that produced the value: some signatures are only valid for the same model. */
  model?: string;
  /** Anthropic thinking signature, or Gemini `thoughtSignature` on a text or function-call part. */
  signature?: string;
  /** Anthropic `redacted_thinking.data`. */
  redactedData?: string;
  /** OpenAI Responses `encrypted_content` of a reasoning item. */
  encryptedContent?: string;
  /** OpenAI Responses output item id (`rs_…`, `fc_…`, `msg_…`). */
  itemId?: string;
  /** The provider's own tool call id (`toolu_…`, `call_…`, Gemini's optional id). */
  callId?: string;
  /**
   * An OpenAI Responses free-form (custom) tool call: its input is plain text, not JSON, and is
   * kept in `parameters.input`; it goes back as `custom_tool_call` / `custom_tool_call_output`.
   */
  customTool?: boolean;
}

/** Plain text. */
export interface TextBlock {
  type: 'text';
  text: string;
  opaque?: ProviderOpaque;
}

/** A model's request to run a tool. `id` is always `hist_tool_<uuid-v4>` inside history. */
export interface ToolCallBlock {
  type: 'tool_call';
  id: string;
  name: string;
  parameters: Record<string, unknown>;
  opaque?: ProviderOpaque;
}

/** The answer to one tool call: `result` on success, `error` (a message for the model) otherwise. */
export interface ToolResponseBlock {
  type: 'tool_response';
  callId: string;
  toolName: string;
  result?: unknown;
  error?: string;
}

/** An image or file, inline (base64) or by URL. */
export interface MediaBlock {
  type: 'media';
  mimeType: string;
  data: string;
  encoding: 'url' | 'base64';
  filename?: string;
}

/** A model's reasoning. `signature` is the origin API's proof of it (see `opaque.api`). */
export interface ThinkingBlock {
  type: 'thinking';
  text: string;
  signature?: string;
  opaque?: ProviderOpaque;
}

/** Code, optionally with the file it belongs to and the result of running it. */
export interface CodeBlock {
  type: 'code';
  language: string;
  code: string;
  filename?: string;
  result?: string;
}

/** Every kind of block a turn can hold, discriminated on `type`. */
export type ContentBlock = TextBlock | ToolCallBlock | ToolResponseBlock | MediaBlock | ThinkingBlock | CodeBlock;

/** The names of the block kinds, for validation and switch exhaustiveness. */
export const CONTENT_BLOCK_TYPES = ['text', 'tool_call', 'tool_response', 'media', 'thinking', 'code'] as const;

/** Token counts of one request/response, as the provider reported them. */
export interface Usage {
  /** Prompt tokens, including cached ones. */
  inputTokens: number;
  /** Completion tokens, including thinking. */
  outputTokens: number;
  /** Prompt tokens served from the provider's cache. */
  cacheReadTokens?: number;
  /** Prompt tokens written to the provider's cache (Anthropic). */
  cacheWriteTokens?: number;
  /** Completion tokens spent on reasoning. */
  thinkingTokens?: number;
}

/** What alfred knows about a turn besides its blocks. */
export interface ContentMetadata {
  /** Milliseconds since the epoch. */
  timestamp?: number;
  /** The provider instance name (`anthropic`, `openai`, `ollama`…). */
  provider?: string;
  model?: string;
  usage?: Usage;
  /** This turn replaces older turns with a summary of them. */
  isSummary?: boolean;
  /** alfred wrote this turn itself (e.g. a `cancelled` response closing an interrupted call). */
  synthetic?: boolean;
}

/** One turn of a conversation. */
export interface IContent {
  speaker: Speaker;
  blocks: ContentBlock[];
  metadata?: ContentMetadata;
}
