import { execFile } from 'node:child_process';
import path from 'node:path';
import { formatSessionStats, type AgentEvent, type AlfredRuntime, type ConfirmationOutcome } from '@alfred/core';
import { TrustedFolders, resolveAlfredPaths, type TrustLevel, type TrustState } from '@alfred/core';
import type {
  CommandInfo,
  LocalServer,
  McpServerStatus,
  ModelInfo,
  ReplayEvent,
  SessionController,
  SessionInfo,
  SessionListing,
  SettingEntry,
  SettingScope,
  ToolInfo,
} from '../app/session-controller.js';
import { findLocalServers, firstLocalModel, mcpStatus, providerNeedsKey, settingsEntries, storeApiKey, toolList } from './dialog-data.js';
import { PathCompleter } from './path-completion.js';
import { PromptHistory } from './prompt-history.js';

/**
 * The TUI's controller over a real runtime. The UI sends lines and answers; everything it shows
 * comes back as events or from `info()`.
 */
export class RuntimeController implements SessionController {
  private runtime: AlfredRuntime;
  private sessionTokens = 0;
  private gitBranch: string | undefined;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: () => void;
  private readonly prompts: PromptHistory;
  private startupShown = false;
  private completer: PathCompleter | undefined;
  private trust: TrustState;
  private missingKey = false;
  private readonly rebuild: ((trusted: boolean, resume: string | undefined) => Promise<AlfredRuntime>) | undefined;

  constructor(
    runtime: AlfredRuntime,
    options: {
      historyFile: string;
      trust?: TrustState;
      /** Whether the provider lacks a key, worked out before the first frame so the dialog can open with it. */
      needsAuth?: boolean;
      rebuild?: (trusted: boolean, resume: string | undefined) => Promise<AlfredRuntime>;
    },
  ) {
    this.runtime = runtime;
    this.trust = options.trust ?? 'trusted';
    this.rebuild = options.rebuild;
    this.missingKey = options.needsAuth ?? false;
    this.unsubscribe = this.watch(runtime);
    this.prompts = new PromptHistory(options.historyFile);
    execFile('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: runtime.workspace.root, timeout: 2_000 }, (error, stdout) => {
      if (error) return;
      this.gitBranch = stdout.trim() || undefined;
      this.notify();
    });
  }

  /** The runtime in use (replaced after the folder is trusted). */
  get current(): AlfredRuntime {
    return this.runtime;
  }

  /** Swaps in a new runtime (same session, new trust); the UI keeps its transcript. */
  replaceRuntime(runtime: AlfredRuntime): void {
    this.unsubscribe();
    this.runtime = runtime;
    this.completer = undefined;
    this.unsubscribe = this.watch(runtime);
    this.notify();
  }

  info(): SessionInfo {
    const info = this.runtime.info();
    return {
      cwd: info.cwd,
      ...(this.gitBranch ? { gitBranch: this.gitBranch } : {}),
      provider: info.provider,
      model: info.model,
      approvalMode: info.approvalMode,
      contextWindow: info.contextWindow,
      contextTokens: info.contextTokens,
      sessionTokens: this.sessionTokens,
    };
  }

  async *send(prompt: string, options: { shell?: boolean } = {}): AsyncIterable<AgentEvent> {
    if (!this.startupShown) {
      this.startupShown = true;
      for (const text of this.runtime.startupNotices) yield { type: 'notice', level: 'warning', text };
    }
    for await (const event of this.runtime.run(prompt, options)) {
      if (event.type === 'usage') this.sessionTokens += event.usage.input + event.usage.output;
      yield event;
    }
  }

  respond(callId: string, outcome: ConfirmationOutcome): void {
    this.runtime.respond(callId, outcome);
  }

  cancel(): void {
    this.runtime.cancel();
  }

  cycleApprovalMode(): string {
    return this.runtime.cycleApprovalMode();
  }

  /** Sets the mode directly (a mode chosen before the runtime was up); refused modes are ignored. */
  setApprovalMode(mode: string): void {
    try {
      this.runtime.setApprovalMode(mode as Parameters<AlfredRuntime['setApprovalMode']>[0]);
    } catch {
      // yolo forbidden by the system settings: the runtime keeps its own mode.
    }
  }

  commands(): CommandInfo[] {
    return this.runtime.commands.list().map((command) => ({
      name: command.name,
      description: command.description,
      ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
    }));
  }

  completePath(prefix: string, signal: AbortSignal): Promise<string[]> {
    this.completer ??= new PathCompleter({ root: this.runtime.workspace.root, files: this.runtime.files });
    return this.completer.complete(prefix, signal);
  }

  history(): string[] {
    return this.prompts.list();
  }

  recordPrompt(prompt: string): void {
    this.prompts.add(prompt);
  }

  async listModels(): Promise<ModelInfo[]> {
    const models = await this.runtime.providers.listModels(AbortSignal.timeout(10_000));
    return models.map((model) => ({ id: model.id, ...(model.contextWindow ? { contextWindow: model.contextWindow } : {}) }));
  }

  setModel(id: string): void {
    this.runtime.setModel(id);
  }

  listProviders(): string[] {
    return this.runtime.providers.providerNames;
  }

  async setProvider(name: string, model?: string): Promise<void> {
    this.runtime.setProvider(name, model);
    this.missingKey = await providerNeedsKey(this.runtime);
  }

  tools(): ToolInfo[] {
    return toolList(this.runtime);
  }

  setToolEnabled(name: string, enabled: boolean): void {
    this.runtime.registry.setEnabled(name, enabled);
  }

  async sessions(): Promise<SessionListing[]> {
    const list = (await this.runtime.sessions?.store.list()) ?? [];
    return list.map((session) => ({ id: session.id, title: session.title, updated: session.updated, messageCount: session.messageCount }));
  }

  async resumeSession(id: string): Promise<ReplayEvent[]> {
    return this.runtime.resumeSession(id);
  }

  resumedAtStart(): Promise<ReplayEvent[]> {
    return Promise.resolve(this.runtime.takeResumedEvents());
  }

  settingsEntries(): SettingEntry[] {
    return settingsEntries(this.runtime);
  }

  async setSetting(keyPath: string, value: unknown, scope: SettingScope): Promise<void> {
    const { updateSetting } = await import('@alfred/core');
    await updateSetting({ scope, keyPath, value, paths: resolveAlfredPaths(), workspaceRoot: this.runtime.workspace.root });
  }

  trustState(): TrustState {
    return this.trust;
  }

  /** Records the answer; a folder that became trusted is reloaded with its settings, same session. */
  async setTrust(level: TrustLevel): Promise<void> {
    const folders = await TrustedFolders.load({ alfredHome: resolveAlfredPaths().home });
    await folders.setTrust(this.runtime.workspace.root, level);
    this.trust = folders.trustOf(this.runtime.workspace.root);
    if (this.trust === 'trusted' && this.rebuild && !this.runtime.trusted) {
      const sessionId = this.runtime.sessions?.recorder.id;
      const hasHistory = this.runtime.session.history.length > 0;
      const previous = this.runtime;
      this.replaceRuntime(await this.rebuild(true, hasHistory ? sessionId : undefined));
      await previous.close();
    }
    this.notify();
  }

  needsAuth(): boolean {
    return this.missingKey;
  }

  async setApiKey(provider: string, key: string): Promise<void> {
    await storeApiKey(provider, key);
    if (this.runtime.providers.activeProvider !== provider) this.runtime.setProvider(provider);
    this.runtime.providers.setEphemeralKey(key);
    this.missingKey = false;
    this.notify();
  }

  localServers(): Promise<LocalServer[]> {
    return findLocalServers();
  }

  async connectLocalServer(server: LocalServer): Promise<void> {
    const model = await firstLocalModel(server.baseUrl);
    this.runtime.setProvider('openai', model);
    this.runtime.providers.setBaseUrl(server.baseUrl);
    this.missingKey = false;
    this.notify();
  }

  mcpStatus(): McpServerStatus[] {
    return mcpStatus(this.runtime);
  }

  stats(): string {
    return formatSessionStats(this.runtime.statsSnapshot()).join('\n');
  }

  onInfoChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private watch(runtime: AlfredRuntime): () => void {
    const offRuntime = runtime.onChange(() => this.notify());
    const offHistory = runtime.session.history.onTokensUpdated(() => this.notify());
    return () => {
      offRuntime();
      offHistory();
    };
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Where a project's prompt history lives. */
export function promptHistoryFile(runtime: AlfredRuntime): string {
  const sessions = runtime.sessions;
  return sessions ? path.join(sessions.store.paths.sessionsDir, 'prompt-history.jsonl') : path.join(runtime.workspace.root, '.alfred', 'tmp', 'prompt-history.jsonl');
}
