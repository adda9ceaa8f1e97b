import type { AgentEvent, ConfirmationOutcome } from '@alfred/core';
import type {
  CommandInfo, LocalServer, McpServerStatus, ModelInfo, ReplayEvent, SessionController, SessionInfo, SessionListing,
  SettingEntry, SettingScope, ToolInfo, TrustLevel, TrustState,
} from './session-controller.js';

/**
 * A controller that plays scripted event sequences: one script per prompt, in order (the last one
 * repeats). A `{ type: 'await_confirmation' }` step pauses the script until the UI answers, and
 * records the answer. Used by tests and as the stand-in until a provider is configured.
 */
export type ScriptStep =
  | AgentEvent
  | { type: 'await_confirmation'; callId: string }
  | { type: 'sleep'; ms: number }
  /** A bug anywhere in the process: an error nobody catches, thrown from a timer. */
  | { type: 'crash'; message: string };

export interface ScriptedControllerOptions {
  scripts: ScriptStep[][];
  info?: Partial<SessionInfo>;
  commands?: CommandInfo[];
  paths?: string[];
  history?: string[];
  /** What the dialogs list; a dialog whose data is missing here is still offered, empty. */
  models?: ModelInfo[];
  providers?: string[];
  tools?: ToolInfo[];
  sessions?: Array<SessionListing & { events: ReplayEvent[] }>;
  settings?: SettingEntry[];
  trust?: TrustState;
  needsAuth?: boolean;
  localServers?: LocalServer[];
  mcp?: McpServerStatus[];
}

/** A call the UI made to a dialog method, recorded for tests to check. */
export interface ControllerCall {
  method: string;
  args: unknown[];
}

const MODES = ['default', 'auto_edit', 'yolo', 'plan'];

export class ScriptedController implements SessionController {
  readonly prompts: string[] = [];
  readonly answers: Array<{ callId: string; outcome: ConfirmationOutcome }> = [];
  readonly calls: ControllerCall[] = [];
  protected readonly options: ScriptedControllerOptions;
  private snapshot: SessionInfo;
  private waiting: { callId: string; resolve: () => void } | undefined;
  private cancelled = false;
  private wake: (() => void) | undefined;

  constructor(options: ScriptedControllerOptions) {
    this.options = options;
    this.snapshot = {
      cwd: process.cwd(),
      provider: 'scripted',
      model: 'scripted',
      approvalMode: 'default',
      contextWindow: 0,
      contextTokens: 0,
      sessionTokens: 0,
      ...options.info,
    };
  }

  info(): SessionInfo {
    return this.snapshot;
  }

  async *send(prompt: string): AsyncIterable<AgentEvent> {
    const script = this.options.scripts[Math.min(this.prompts.length, this.options.scripts.length - 1)] ?? [];
    this.prompts.push(prompt);
    this.cancelled = false;
    for (const step of script) {
      if (this.cancelled) {
        yield { type: 'done', reason: 'cancelled' };
        return;
      }
      if (step.type === 'await_confirmation') {
        await this.until(step.callId);
        // As the engine does: the answer comes back as an event, so the transcript shows it.
        const answer = this.answers.findLast((candidate) => candidate.callId === step.callId);
        if (answer && !this.cancelled) yield { type: 'tool_confirmation_result', callId: step.callId, outcome: answer.outcome, decidedBy: 'user' };
      }
      else if (step.type === 'sleep') await this.sleep(step.ms);
      else if (step.type === 'crash') {
        const message = step.message;
        setTimeout(() => {
          throw new Error(message);
        }, 0);
      }
      else yield step;
      if (this.cancelled) {
        yield { type: 'done', reason: 'cancelled' };
        return;
      }
    }
  }

  respond(callId: string, outcome: ConfirmationOutcome): void {
    this.answers.push({ callId, outcome });
    if (this.waiting?.callId === callId) this.waiting.resolve();
  }

  cancel(): void {
    this.cancelled = true;
    this.waiting?.resolve();
    this.wake?.();
  }

  cycleApprovalMode(): string {
    const next = MODES[(MODES.indexOf(this.snapshot.approvalMode) + 1) % MODES.length] ?? 'default';
    this.snapshot = { ...this.snapshot, approvalMode: next };
    return next;
  }

  commands(): CommandInfo[] {
    return this.options.commands ?? [];
  }

  completePath(prefix: string): Promise<string[]> {
    return Promise.resolve((this.options.paths ?? []).filter((path) => path.includes(prefix)));
  }

  history(): string[] {
    return this.options.history ?? [];
  }

  listModels(): Promise<ModelInfo[]> {
    return Promise.resolve(this.options.models ?? []);
  }

  setModel(id: string): void {
    this.record('setModel', id);
    this.snapshot = { ...this.snapshot, model: id };
  }

  listProviders(): string[] {
    return this.options.providers ?? ['anthropic', 'openai', 'gemini'];
  }

  setProvider(name: string, model?: string): void {
    this.record('setProvider', name, model);
    this.snapshot = { ...this.snapshot, provider: name, ...(model === undefined ? {} : { model }) };
  }

  tools(): ToolInfo[] {
    return this.options.tools ?? [];
  }

  setToolEnabled(name: string, enabled: boolean): void {
    this.record('setToolEnabled', name, enabled);
    this.options.tools = this.tools().map((tool) => (tool.name === name ? { ...tool, enabled } : tool));
  }

  sessions(): Promise<SessionListing[]> {
    return Promise.resolve((this.options.sessions ?? []).map(({ events: _events, ...listing }) => listing));
  }

  resumeSession(id: string): Promise<ReplayEvent[]> {
    this.record('resumeSession', id);
    const found = this.options.sessions?.find((session) => session.id === id);
    return found ? Promise.resolve(found.events) : Promise.reject(new Error(`no session ${id}`));
  }

  settingsEntries(): SettingEntry[] {
    return this.options.settings ?? [];
  }

  setSetting(keyPath: string, value: unknown, scope: SettingScope): void {
    this.record('setSetting', keyPath, value, scope);
    this.options.settings = this.settingsEntries().map((entry) => (entry.keyPath === keyPath ? { ...entry, value, origin: scope } : entry));
  }

  trustState(): TrustState {
    return this.options.trust ?? 'trusted';
  }

  setTrust(level: TrustLevel): Promise<void> {
    this.record('setTrust', level);
    this.options.trust = level === 'DO_NOT_TRUST' ? 'untrusted' : 'trusted';
    return Promise.resolve();
  }

  needsAuth(): boolean {
    return this.options.needsAuth ?? false;
  }

  setApiKey(provider: string, key: string): Promise<void> {
    this.record('setApiKey', provider, key);
    this.options.needsAuth = false;
    this.snapshot = { ...this.snapshot, provider };
    return Promise.resolve();
  }

  localServers(): Promise<LocalServer[]> {
    return Promise.resolve(this.options.localServers ?? []);
  }

  connectLocalServer(server: LocalServer): Promise<void> {
    this.record('connectLocalServer', server);
    this.options.needsAuth = false;
    this.snapshot = { ...this.snapshot, provider: server.name };
    return Promise.resolve();
  }

  mcpStatus(): McpServerStatus[] {
    return this.options.mcp ?? [];
  }

  private record(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args });
  }

  private until(callId: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiting = { callId, resolve: () => { this.waiting = undefined; resolve(); } };
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => { clearTimeout(timer); resolve(); };
    });
  }
}

/** The default until a provider is wired: every prompt answers with how to configure one. */
export function unconfiguredController(): ScriptedController {
  return new ScriptedController({
    scripts: [[
      { type: 'error', message: 'no provider configured — set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY', kind: 'auth', recoverable: false },
      { type: 'done', reason: 'error' },
    ]],
    info: { provider: 'none', model: 'no model' },
  });
}
