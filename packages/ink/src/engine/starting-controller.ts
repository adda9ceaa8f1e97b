import type { AgentEvent, ConfirmationOutcome } from '@alfred/core';
import { nextApprovalMode, type ApprovalMode } from '@alfred/core/start-up';
import type {
  CommandInfo,
  LocalServer,
  ModelInfo,
  ReplayEvent,
  SessionController,
  SessionInfo,
  SettingScope,
  TrustLevel,
  TrustState,
} from '../app/session-controller.js';
import type { RuntimeController } from './runtime-controller.js';

/**
 * A controller that exists before the runtime does: the TUI draws its first frame while settings,
 * policy, tools and the session are still being set up, and anything typed meanwhile waits for
 * them. Once the runtime is up every call goes straight to it.
 */
export class StartingController implements SessionController {
  private inner: RuntimeController | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly ready: Promise<RuntimeController>,
    private readonly placeholder: SessionInfo & { trust: TrustState },
  ) {
    void ready.then((inner) => {
      // A mode chosen with Shift+Tab while starting carries over.
      if (inner.info().approvalMode !== this.placeholder.approvalMode) inner.setApprovalMode(this.placeholder.approvalMode);
      this.inner = inner;
      for (const listener of this.listeners) inner.onInfoChange(listener);
      this.notify();
    }, () => {
      // A failed start is reported by whoever awaits `ready` (the TUI closes with its error).
    });
  }

  info(): SessionInfo {
    return this.inner?.info() ?? this.placeholder;
  }

  async *send(prompt: string, options?: { shell?: boolean }): AsyncIterable<AgentEvent> {
    yield* (await this.ready).send(prompt, options);
  }

  respond(callId: string, outcome: ConfirmationOutcome): void {
    this.inner?.respond(callId, outcome);
  }

  cancel(): void {
    this.inner?.cancel();
  }

  cycleApprovalMode(): string {
    if (this.inner) return this.inner.cycleApprovalMode();
    this.placeholder.approvalMode = nextApprovalMode(this.placeholder.approvalMode as ApprovalMode, { yoloAllowed: true });
    this.notify();
    return this.placeholder.approvalMode;
  }

  commands(): CommandInfo[] {
    return this.inner?.commands() ?? [];
  }

  async completePath(prefix: string, signal: AbortSignal): Promise<string[]> {
    return (await this.ready).completePath(prefix, signal);
  }

  history(): string[] {
    return this.inner?.history() ?? [];
  }

  recordPrompt(prompt: string): void {
    void this.ready.then((inner) => inner.recordPrompt(prompt));
  }

  onInfoChange(listener: () => void): () => void {
    this.listeners.add(listener);
    const off = this.inner?.onInfoChange(listener);
    return () => {
      this.listeners.delete(listener);
      off?.();
    };
  }

  async listModels(): Promise<ModelInfo[]> {
    return (await this.ready).listModels();
  }

  async setModel(id: string): Promise<void> {
    (await this.ready).setModel(id);
  }

  listProviders(): string[] {
    return this.inner?.listProviders() ?? ['anthropic', 'openai', 'gemini'];
  }

  async setProvider(name: string, model?: string): Promise<void> {
    await (await this.ready).setProvider(name, model);
  }

  tools() {
    return this.inner?.tools() ?? [];
  }

  async setToolEnabled(name: string, enabled: boolean): Promise<void> {
    (await this.ready).setToolEnabled(name, enabled);
  }

  async sessions() {
    return (await this.ready).sessions();
  }

  async resumeSession(id: string): Promise<ReplayEvent[]> {
    return (await this.ready).resumeSession(id);
  }

  async resumedAtStart(): Promise<ReplayEvent[]> {
    return (await this.ready).resumedAtStart();
  }

  settingsEntries() {
    return this.inner?.settingsEntries() ?? [];
  }

  async setSetting(keyPath: string, value: unknown, scope: SettingScope): Promise<void> {
    await (await this.ready).setSetting(keyPath, value, scope);
  }

  trustState(): TrustState {
    return this.inner?.trustState() ?? this.placeholder.trust;
  }

  async setTrust(level: TrustLevel): Promise<void> {
    await (await this.ready).setTrust(level);
  }

  /** Only a start that already knows a key comes this way, so no auth dialog is needed. */
  needsAuth(): boolean {
    return this.inner?.needsAuth() ?? false;
  }

  async setApiKey(provider: string, key: string): Promise<void> {
    await (await this.ready).setApiKey(provider, key);
  }

  async localServers(): Promise<LocalServer[]> {
    return (await this.ready).localServers();
  }

  async connectLocalServer(server: LocalServer): Promise<void> {
    await (await this.ready).connectLocalServer(server);
  }

  mcpStatus() {
    return this.inner?.mcpStatus() ?? [];
  }

  stats(): string {
    return this.inner?.stats() ?? 'Nothing yet.';
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
