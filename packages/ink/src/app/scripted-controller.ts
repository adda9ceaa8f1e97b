import type { AgentEvent, ConfirmationOutcome } from '@alfred/core';
import type { CommandInfo, SessionController, SessionInfo } from './session-controller.js';

/**
 * A controller that plays scripted event sequences: one script per prompt, in order (the last one
 * repeats). A `{ type: 'await_confirmation' }` step pauses the script until the UI answers, and
 * records the answer. Used by tests and as the stand-in until a provider is configured.
 */
export type ScriptStep = AgentEvent | { type: 'await_confirmation'; callId: string } | { type: 'sleep'; ms: number };

export interface ScriptedControllerOptions {
  scripts: ScriptStep[][];
  info?: Partial<SessionInfo>;
  commands?: CommandInfo[];
  paths?: string[];
  history?: string[];
}

const MODES = ['default', 'auto_edit', 'yolo', 'plan'];

export class ScriptedController implements SessionController {
  readonly prompts: string[] = [];
  readonly answers: Array<{ callId: string; outcome: ConfirmationOutcome }> = [];
  private readonly options: ScriptedControllerOptions;
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
      if (step.type === 'await_confirmation') await this.until(step.callId);
      else if (step.type === 'sleep') await this.sleep(step.ms);
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
