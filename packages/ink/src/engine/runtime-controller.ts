import { execFile } from 'node:child_process';
import path from 'node:path';
import type { AgentEvent, AlfredRuntime, ConfirmationOutcome } from '@alfred/core';
import type { CommandInfo, SessionController, SessionInfo } from '../app/session-controller.js';
import { completePath } from './path-completion.js';
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

  constructor(runtime: AlfredRuntime, options: { historyFile: string }) {
    this.runtime = runtime;
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

  commands(): CommandInfo[] {
    return this.runtime.commands.list().map((command) => ({
      name: command.name,
      description: command.description,
      ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
    }));
  }

  completePath(prefix: string, signal: AbortSignal): Promise<string[]> {
    return completePath(this.runtime, prefix, signal);
  }

  history(): string[] {
    return this.prompts.list();
  }

  recordPrompt(prompt: string): void {
    this.prompts.add(prompt);
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
