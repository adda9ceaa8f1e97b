/** The four wire formats the mock speaks; the family of a request is the endpoint it hit. */
export type Family = 'anthropic' | 'openai-chat' | 'openai-responses' | 'gemini';

/** Every family, in a stable order. */
export const FAMILIES: readonly Family[] = ['anthropic', 'openai-chat', 'openai-responses', 'gemini'];

/** A fault that replaces or breaks the scripted answer. */
export type MockFault =
  /** Answers with this HTTP status and the family's error JSON (or `body` verbatim). */
  | { status: number; body?: unknown; retryAfter?: string }
  /** Sends `afterEvents` events, then half of the next one, then destroys the socket. */
  | { kind: 'cut'; afterEvents: number }
  /** Sends `afterEvents` events, then one whose `data:` is not valid JSON. */
  | { kind: 'malformed'; afterEvents: number }
  /** Sends `afterEvents` events, then nothing for `ms` (default: until the server closes). */
  | { kind: 'stall'; afterEvents: number; ms?: number };

/** A tool call the scripted model makes; several in one turn are parallel calls. */
export interface MockToolCall {
  /** The provider's call id; a family-shaped one (`toolu_…`, `call_…`) is made up when absent. */
  id?: string;
  name: string;
  /** An object is serialised to JSON; a string is streamed as given (it may be invalid JSON on purpose). */
  arguments: Record<string, unknown> | string;
  /** How many deltas the arguments are split across (default 3; Gemini sends whole calls). */
  chunks?: number;
}

/**
 * Token counts reported for a turn, in one convention that each family translates into its own:
 * `input` is the prompt not served from cache (Anthropic's `input_tokens`), OpenAI and Gemini report
 * `input + cachedRead + cacheWrite` as the prompt total with `cachedRead` as the cached part;
 * `output` excludes `thinking` (Anthropic and OpenAI add them together, Gemini reports them apart).
 */
export interface MockUsage {
  input?: number;
  output?: number;
  cachedRead?: number;
  cacheWrite?: number;
  thinking?: number;
}

/** One scripted answer. Turns are served in FIFO order whatever the endpoint. */
export interface MockTurn {
  /** One string is split into several chunks at word boundaries; an array gives the chunks. */
  text?: string | string[];
  thinking?: { text: string; signature?: string };
  toolCalls?: MockToolCall[];
  usage?: MockUsage;
  /** Default: `tool_use` when there are tool calls, `end` otherwise. */
  stopReason?: 'end' | 'tool_use' | 'max_tokens';
  fault?: MockFault;
  /** Path of a recorded stream (one JSON event per line) to send instead of a scripted answer. */
  replay?: string;
  /** Family of the recorded stream when its folder name does not say. */
  family?: Family;
  /** `false` leaves out OpenAI chat's closing `data: [DONE]` (replay and scripted turns). */
  done?: boolean;
  /** Pause between events, and before the first one. */
  delayMs?: number;
  firstDelayMs?: number;
}

/** A request as the mock received it. */
export interface RecordedRequest {
  family: Family;
  method: string;
  /** Path with query string, e.g. `/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`. */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body (`undefined` for GET, the raw text when it was not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary provider fields
  body: any;
}

/** A running mock server. */
export interface MockLlmServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** What to give each SDK as its base URL (OpenAI's includes `/v1`). */
  readonly baseUrls: { anthropic: string; openai: string; gemini: string };
  enqueue(...turns: MockTurn[]): void;
  /** Every request to a provider endpoint, in arrival order (control endpoints are not recorded). */
  readonly requests: RecordedRequest[];
  /** Requests whose estimated prompt tokens exceed this get the provider's context-overflow error. */
  setContextWindow(tokens: number): void;
  /** Empties the queue and the recorded requests and forgets the context window. */
  reset(): void;
  close(): Promise<void>;
}

/** Options of {@link startMockLlmServer}. */
export interface MockLlmServerOptions {
  /** Default 0: a free port. The server always binds 127.0.0.1. */
  port?: number;
  turns?: MockTurn[];
  /** When given, any other model gets the provider's 404. */
  models?: string[];
  /** Folder that relative `replay` paths in enqueued turns start from (default: the working directory). */
  baseDir?: string;
}

/** One server-sent event: `event:` line (when the family uses one) and the `data:` payload. */
export interface SseEvent {
  event?: string;
  data: string;
}
