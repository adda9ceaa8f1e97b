/**
 * The typed event stream of one `AgentSession.send()`. The TUI, headless output and the session
 * recorder all consume exactly this union; nothing else flows from the loop to its consumers.
 */

/** What a tool call is doing right now; a union on `status` so every phase is explicit. */
export type ToolCallStatus = 'pending' | 'awaiting_approval' | 'running' | 'completed' | 'error' | 'cancelled';

/** A tool call as consumers see it. `id` is the history id (`hist_tool_<uuid>`). */
export interface ToolCallInfo {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** One line for the user: "Edit src/app.ts", "Run npm test". */
  description: string;
  /** The tool's kind (read, edit, execute, …), for icons and grouping. */
  kind: string;
}

/** What a confirmation dialog shows; mirrors the tool's confirmation details. */
export type ConfirmationView =
  | { type: 'edit'; path: string; diff: string; isNewFile?: boolean }
  | { type: 'exec'; command: string; visibleCommand: string; subCommands: string[] }
  | { type: 'fetch'; urls: string[] }
  | { type: 'mcp'; server: string; tool: string; args: Record<string, unknown> }
  | { type: 'info'; text: string };

/** How the user (or the policy) answered a confirmation. */
export type ConfirmationOutcome =
  | { kind: 'proceed_once' }
  | { kind: 'proceed_always_session' }
  | { kind: 'proceed_always_save' }
  | { kind: 'modify'; args: Record<string, unknown> }
  | { kind: 'cancel'; reason?: string };

/** What a finished tool shows the user; the model's copy lives in history. */
export interface ToolResultView {
  /** Short summary line ("Read 212 lines", "exit code 1"). */
  summary: string;
  /** Full display text, markdown or plain; may be long. */
  text?: string;
  /** A unified diff for edits and writes. */
  diff?: string;
}

/** Token figures for one model response. */
export interface UsageFigures {
  input: number;
  output: number;
  cachedRead?: number;
  cacheWrite?: number;
  thinking?: number;
}

/** Why a `send()` ended. */
export type DoneReason = 'stop' | 'cancelled' | 'max_turns' | 'loop_detected' | 'error';

/** The payload of every agent event, by type. */
export interface AgentEvents {
  turn_start: { turn: number; provider: string; model: string };
  text_delta: { text: string };
  thinking_delta: { text: string };
  tool_call: { call: ToolCallInfo };
  tool_confirmation_request: { callId: string; view: ConfirmationView };
  tool_confirmation_result: { callId: string; outcome: ConfirmationOutcome; decidedBy: 'user' | 'policy' };
  tool_start: { callId: string };
  tool_output: { callId: string; chunk: string };
  tool_result: { callId: string; status: 'completed' | 'error' | 'cancelled'; view: ToolResultView; durationMs: number };
  usage: { usage: UsageFigures; contextTokens: number; contextWindow: number };
  compressed: { tokensBefore: number; tokensAfter: number; summary: string };
  retry: { attempt: number; delayMs: number; reason: string };
  loop_detected: { kind: 'repeated_call' | 'cycle' | 'repeated_text'; detail: string };
  max_turns: { limit: number };
  error: { message: string; kind?: string; recoverable: boolean };
  /** A prompt the user typed, replayed when a saved session is shown again (`/chat resume`). */
  user_prompt: { text: string };
  /** A message from alfred itself (slash command output, shell-mode notes), not from the model. */
  notice: { level: 'info' | 'warning' | 'error'; text: string };
  done: { reason: DoneReason };
}

/** One event: `{ type: K } & AgentEvents[K]`, a discriminated union over every K. */
export type AgentEvent<K extends keyof AgentEvents = keyof AgentEvents> = {
  [P in K]: { type: P } & AgentEvents[P];
}[K];
