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

/** A model `/model` offers; `contextWindow` in tokens when known. */
export interface ModelInfo {
  id: string;
  contextWindow?: number;
}

/** A tool as `/tools` lists it; `source` is `builtin`, an MCP server name, or an extension. */
export interface ToolInfo {
  name: string;
  kind: string;
  enabled: boolean;
  source: string;
}

/** A saved session as `/chat` lists it; `updated` in ms since the epoch. */
export interface SessionListing {
  id: string;
  title: string;
  updated: number;
  messageCount: number;
}

/** An event to replay into a fresh transcript: the agent's own events plus the prompts that caused them. */
export type ReplayEvent = AgentEvent | { type: 'user_prompt'; text: string; shell?: boolean };

/** One setting as `/settings` shows it: its effective value and the layer it comes from. */
export interface SettingEntry {
  /** Dotted path, e.g. `ui.screen`. */
  keyPath: string;
  value: unknown;
  /** Where the value comes from: `default`, `system`, `user`, `workspace`, `session`, … */
  origin: string;
  description: string;
}

export type SettingScope = 'user' | 'workspace';
export type TrustState = 'trusted' | 'untrusted' | 'unknown';
export type TrustLevel = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

/** An OpenAI-compatible server found on this machine (Ollama, LM Studio). */
export interface LocalServer {
  name: string;
  baseUrl: string;
}

/** One MCP server as `/mcp` shows it. */
export interface McpServerStatus {
  name: string;
  status: 'connected' | 'connecting' | 'disconnected' | 'error' | 'needs sign-in';
  tools: string[];
  error?: string;
}

/**
 * Methods marked optional below are what the dialogs use; a dialog whose methods are missing is
 * not offered, and its command goes to `send()` instead. Setters may return a promise; a rejected
 * one is shown to the user as an error line.
 */
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

  /** `/model`: the models of the active provider. */
  listModels?(): Promise<ModelInfo[]>;
  /** Switches the model for the next request; history stays. */
  setModel?(id: string): void | Promise<void>;
  /** `/provider`: provider names that can be switched to. */
  listProviders?(): string[];
  /** Switches provider (and model, else the provider's default). */
  setProvider?(name: string, model?: string): void | Promise<void>;
  /** `/tools`: every registered tool and whether the model may call it in this session. */
  tools?(): ToolInfo[];
  setToolEnabled?(name: string, enabled: boolean): void | Promise<void>;
  /** `/chat`: saved sessions of this project, newest first. */
  sessions?(): Promise<SessionListing[]>;
  /** Makes the session with `id` the current one and returns its transcript as events. */
  resumeSession?(id: string): Promise<ReplayEvent[]>;
  /** The conversation a start with --continue or --resume picked up, to open the screen on (once). */
  resumedAtStart?(): Promise<ReplayEvent[]>;
  /** `/settings`: every known key with its effective value and origin. */
  settingsEntries?(): SettingEntry[];
  /** Writes one value into the user or workspace settings file. */
  setSetting?(keyPath: string, value: unknown, scope: SettingScope): void | Promise<void>;
  /** Whether this folder is trusted; `unknown` opens the trust dialog on start. */
  trustState?(): TrustState;
  setTrust?(level: TrustLevel): Promise<void>;
  /** True when no provider has a usable key: the auth dialog opens on start. */
  needsAuth?(): boolean;
  /** Stores a key for `provider` (never echoed, never logged) and makes it usable at once. */
  setApiKey?(provider: string, key: string): Promise<void>;
  /** OpenAI-compatible servers answering on their default local ports. */
  localServers?(): Promise<LocalServer[]>;
  /** Uses a local server as the provider (OpenAI-compatible, at `server.baseUrl`). */
  connectLocalServer?(server: LocalServer): Promise<void>;
  /** `/mcp`: configured MCP servers, their state and tools. */
  mcpStatus?(): McpServerStatus[];
  /** `/stats`: the session's statistics as display text. */
  stats?(): string;
}

/** The `ui.*` settings that shape the screen from its first frame. */
export interface ScreenSettings {
  screen: 'fullscreen' | 'inline';
  theme: string;
  maxFps: number;
  hideBanner: boolean;
}
