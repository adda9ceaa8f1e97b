import type { AgentEvent, ConfirmationOutcome } from '@alfred/core';

/**
 * The narrow interface between the TUI and the engine. The UI never reaches into core state: it
 * sends prompts and reads the event stream, answers confirmations by call id, and reads a small
 * info snapshot for the footer. The lead wires it to AgentSession and the prompt processors.
 */

/** What the footer shows; read again whenever `onInfoChange` fires or a turn ends. */
export interface SessionInfo {
  cwd: string;
  gitBranch?: string;
  provider: string;
  model: string;
  approvalMode: string;
  /** Zero when unknown; the footer then hides "context left". */
  contextWindow: number;
  contextTokens: number;
  sessionTokens: number;
}

/** A command the composer completes after `/`. */
export interface CommandInfo {
  name: string;
  description: string;
  argumentHint?: string;
}

export interface SessionController {
  info(): SessionInfo;
  /**
   * Runs one prompt exactly as typed (including `/command` and `!shell` lines the UI does not
   * handle itself; with `shell` true the line came from shell mode without its `!`). The iterable
   * ends when the turn is over.
   */
  send(prompt: string, options?: { shell?: boolean }): AsyncIterable<AgentEvent>;
  /** Answers a `tool_confirmation_request`. */
  respond(callId: string, outcome: ConfirmationOutcome): void;
  /** Cancels the running turn; the stream then ends with `done: cancelled`. */
  cancel(): void;
  /** Shift+Tab: moves to the next approval mode and returns its name. */
  cycleApprovalMode(): string;
  /** Commands for `/` completion, besides the ones the UI implements itself. */
  commands(): CommandInfo[];
  /** Workspace paths for `@` completion; may be slow, the composer never waits on it. */
  completePath?(prefix: string, signal: AbortSignal): Promise<string[]>;
  /** Prompt history of this project, oldest first. */
  history?(): string[];
  /** Called with each submitted prompt so the lead can persist history. */
  recordPrompt?(prompt: string): void;
  onInfoChange?(listener: () => void): () => void;
}
