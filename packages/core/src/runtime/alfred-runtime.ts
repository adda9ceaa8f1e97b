import type { AgentSession } from '../agent/agent-session.js';
import type { AgentEvent, ConfirmationOutcome } from '../agent/events.js';
import type { ApprovalGate } from '../agent/ports.js';
import type { MemoryLoader } from '../context/memory-files.js';
import type { SkillCatalog } from '../context/skills.js';
import type { PolicyEngine } from '../policy/policy-engine.js';
import { nextApprovalMode } from '../policy/approval-modes.js';
import type { ApprovalMode } from '../policy/types.js';
import type { PromptProcessor } from '../prompt/prompt-processor.js';
import type { SlashCommandRegistry, SlashCommandResult } from '../prompt/slash-commands.js';
import type { ProviderManager } from '../providers/manager.js';
import type { LoadedSettings } from '../settings/load-settings.js';
import type { TodoStore } from '../tools/builtin/todo-write.js';
import type { McpClientManager } from '../tools/mcp/mcp-client-manager.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { FileDiscoveryService } from '../workspace/file-discovery.js';
import type { WorkspaceContext } from '../workspace/workspace-context.js';
import { EventChannel } from '../agent/event-channel.js';
import type { SystemPromptBuilder } from './system-prompt-builder.js';
import type { ContentBlock } from '../content/content.js';
import { formatRecalledContext } from '../sessions/recall/recall.js';
import { historyToEvents } from './history-replay.js';
import { createSessionStats, type SessionStats, type SessionStatsCollector } from '../stats/session-stats.js';
import type { SessionWiring } from './session-wiring.js';
import type { Observability } from './observability.js';

/** What the footer and `/about` show. */
export interface RuntimeInfo {
  cwd: string;
  provider: string;
  model: string;
  approvalMode: ApprovalMode;
  contextWindow: number;
  contextTokens: number;
  trusted: boolean;
}

/** Everything a runtime is made of; built by `createRuntime`. */
export interface RuntimeParts {
  session: AgentSession;
  providers: ProviderManager;
  registry: ToolRegistry;
  policy: PolicyEngine;
  gate: ApprovalGate;
  commands: SlashCommandRegistry<AlfredRuntime>;
  processor: PromptProcessor<AlfredRuntime>;
  workspace: WorkspaceContext;
  files: FileDiscoveryService;
  settings: LoadedSettings;
  memory: MemoryLoader;
  skills: SkillCatalog;
  systemPrompt: SystemPromptBuilder;
  todos: TodoStore;
  mcp: McpClientManager | undefined;
  trusted: boolean;
  interactive: boolean;
  approvalMode: ApprovalMode;
  yoloAllowed: boolean;
  /** Problems found while starting (bad settings, bad rules), shown once. */
  startupNotices: string[];
  /** The session record; absent when recording is off. */
  sessions: SessionWiring | undefined;
  /** Add matches from earlier sessions to each prompt (`sessions.recall`). */
  recall: boolean;
  observability: Observability;
}

/**
 * One running alfred: the session and everything around it. The TUI and headless mode drive it
 * through `run(line)`, which yields the same events for prompts, `/commands` and `!shell`.
 */
export class AlfredRuntime {
  readonly session: AgentSession;
  readonly providers: ProviderManager;
  readonly registry: ToolRegistry;
  readonly policy: PolicyEngine;
  readonly commands: SlashCommandRegistry<AlfredRuntime>;
  readonly workspace: WorkspaceContext;
  readonly files: FileDiscoveryService;
  readonly settings: LoadedSettings;
  readonly memory: MemoryLoader;
  readonly skills: SkillCatalog;
  readonly systemPrompt: SystemPromptBuilder;
  readonly todos: TodoStore;
  readonly mcp: McpClientManager | undefined;
  readonly trusted: boolean;
  readonly startupNotices: string[];
  private mode: ApprovalMode;
  private readonly parts: RuntimeParts;
  private readonly listeners = new Set<() => void>();
  private lineController: AbortController | undefined;
  private wiring: SessionWiring | undefined;
  private readonly warnings: string[] = [];
  private readonly stats: SessionStatsCollector = createSessionStats();
  private resumedShown = false;

  constructor(parts: RuntimeParts) {
    this.parts = parts;
    this.session = parts.session;
    this.providers = parts.providers;
    this.registry = parts.registry;
    this.policy = parts.policy;
    this.commands = parts.commands;
    this.workspace = parts.workspace;
    this.files = parts.files;
    this.settings = parts.settings;
    this.memory = parts.memory;
    this.skills = parts.skills;
    this.systemPrompt = parts.systemPrompt;
    this.todos = parts.todos;
    this.mcp = parts.mcp;
    this.trusted = parts.trusted;
    this.mode = parts.approvalMode;
    this.startupNotices = parts.startupNotices;
    this.wiring = parts.sessions;
  }

  /** The session record (store, recorder, checkpoints), when recording. */
  get sessions(): SessionWiring | undefined {
    return this.wiring;
  }

  /** Queues a warning (a recording problem) to show with the next events. */
  warn(message: string): void {
    this.warnings.push(message);
  }

  /**
   * Continues another saved session in place of the current one: the history is replaced and the
   * returned events redraw it.
   */
  /**
   * The conversation this start picked up (--continue, --resume) as events, so the screen opens on
   * it; empty for a new session and after the first call.
   */
  takeResumedEvents(): AgentEvent[] {
    const resumed = this.wiring?.resumed;
    if (!resumed || this.resumedShown) return [];
    this.resumedShown = true;
    return [...historyToEvents(this.session.history.list()), { type: 'notice', level: 'info', text: `Resumed "${resumed.title}" (${resumed.id.slice(0, 8)}).` }];
  }

  async resumeSession(target: string): Promise<AgentEvent[]> {
    const wiring = this.wiring;
    if (!wiring) throw new Error('sessions are not recorded in this run');
    if (this.session.busy) throw new Error('wait for the current turn to finish (or cancel it) before switching sessions');
    const resumed = await wiring.store.resume(target);
    wiring.recorder.close();
    resumed.recorder.attach(this.session.history);
    this.wiring = { ...wiring, recorder: resumed.recorder, notices: [...resumed.notices] };
    this.changed();
    const notices: AgentEvent[] = resumed.notices.map((text) => ({ type: 'notice', level: 'warning', text }));
    return [...historyToEvents(this.session.history.list()), ...notices, { type: 'notice', level: 'info', text: `Resumed "${resumed.summary.title}" (${resumed.summary.id.slice(0, 8)}).` }];
  }

  get approvalMode(): ApprovalMode {
    return this.mode;
  }

  setApprovalMode(mode: ApprovalMode): void {
    if (mode === 'yolo' && !this.parts.yoloAllowed) throw new Error('yolo mode is forbidden by the system settings');
    this.mode = mode;
    this.changed();
  }

  /** `/model id`: the next request uses it; the conversation stays. */
  setModel(model: string): void {
    this.providers.setModel(model);
    this.session.history.setModel({ contextWindow: this.providers.modelInfo().contextWindow ?? 128_000 });
    this.changed();
  }

  /** `/provider name [model]`: the conversation carries over to the new provider. */
  setProvider(name: string, model?: string): void {
    this.providers.setProvider(name, model);
    this.session.history.setModel({ contextWindow: this.providers.modelInfo().contextWindow ?? 128_000 });
    this.changed();
  }

  /** Everything the session did so far, for `/stats` and the headless json output. */
  statsSnapshot(): SessionStats {
    return this.stats.snapshot();
  }

  /** `/bug`: a report with version, system, settings (secrets removed) and the last log lines. */
  bugReport(description: string): Promise<string> {
    return this.parts.observability.bugReport({
      description: description || '(none)',
      provider: this.providers.activeProvider,
      model: this.providers.activeModel,
      session: this.wiring?.recorder.id ?? '(not recorded)',
    });
  }

  /** Shift+Tab. */
  cycleApprovalMode(): ApprovalMode {
    this.setApprovalMode(nextApprovalMode(this.mode, { yoloAllowed: this.parts.yoloAllowed }));
    return this.mode;
  }

  info(): RuntimeInfo {
    const contextWindow = this.session.history.getContextWindow();
    return {
      cwd: this.workspace.root,
      provider: this.providers.activeProvider,
      model: this.providers.activeModel,
      approvalMode: this.mode,
      contextWindow,
      contextTokens: this.session.history.totalTokens(),
      trusted: this.trusted,
    };
  }

  /** Called whenever `info()` may have changed (model switch, mode, history growth). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notifies listeners; commands that change state call it. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Runs one typed line: a `/command`, a `!command` (or shell-mode line), or a prompt. */
  run(line: string, options: { shell?: boolean } = {}): AsyncIterable<AgentEvent> {
    const channel = new EventChannel<AgentEvent>();
    const controller = new AbortController();
    this.lineController = controller;
    const observability = this.parts.observability;
    if (!line.trimStart().startsWith('/')) observability.beginPrompt(line);
    const emit = (event: AgentEvent) => {
      this.stats.observe(event);
      observability.observe(event);
      channel.push(event);
    };
    const work = async () => {
      try {
        await this.runLine(line, options, controller.signal, emit);
      } catch (error) {
        emit({ type: 'error', message: error instanceof Error ? error.message : String(error), recoverable: false });
        emit({ type: 'done', reason: 'error' });
      } finally {
        this.lineController = undefined;
        channel.close();
        this.changed();
      }
    };
    void work();
    return channel;
  }

  respond(callId: string, outcome: ConfirmationOutcome): void {
    this.session.respond(callId, outcome);
  }

  cancel(): void {
    this.lineController?.abort(new Error('cancelled by the user'));
    this.session.cancel();
  }

  async close(): Promise<void> {
    this.wiring?.recorder.close();
    await this.mcp?.disconnectAll();
    await this.parts.observability.shutdown();
  }

  private async runLine(line: string, options: { shell?: boolean }, signal: AbortSignal, emit: (event: AgentEvent) => void): Promise<void> {
    const processor = this.parts.processor;
    const onShellOutput = (chunk: string) => emit({ type: 'tool_output', callId: 'shell_mode', chunk });
    const shellStart = (command: string) => {
      emit({ type: 'tool_call', call: { id: 'shell_mode', name: 'shell', args: { command }, description: `$ ${command}`, kind: 'execute' } });
      emit({ type: 'tool_start', callId: 'shell_mode' });
    };
    for (const text of this.warnings.splice(0)) emit({ type: 'notice', level: 'warning', text });
    const trimmed = line.trimStart();
    const isShell = options.shell || (trimmed.startsWith('!') && trimmed.length > 1);
    if (isShell) shellStart(options.shell ? line.trim() : trimmed.slice(1).trim());
    const started = Date.now();
    const processed = options.shell ? await processor.shell(line.trim(), signal, onShellOutput) : await processor.process(line, signal, onShellOutput);
    if (processed.type === 'shell') {
      const status = processed.denied ? 'error' : processed.exitCode === 0 ? 'completed' : 'error';
      const summary = processed.denied ? `Not run: ${processed.denied}` : `exit code ${processed.exitCode ?? 'signal'}`;
      emit({ type: 'tool_result', callId: 'shell_mode', status, view: { summary, text: processed.output }, durationMs: Date.now() - started });
      emit({ type: 'done', reason: 'stop' });
      return;
    }
    if (processed.type === 'command') {
      for (const event of commandEvents(processed.result)) emit(event);
      emit({ type: 'done', reason: 'stop' });
      return;
    }
    for (const note of processed.notes.filter((note) => !note.startsWith('attached '))) emit({ type: 'notice', level: 'warning', text: note });
    const blocks = this.parts.recall ? [...(await this.recalled(line)), ...processed.blocks] : processed.blocks;
    const events = this.session.send(blocks, signal);
    for await (const event of this.wiring ? this.wiring.recorder.track(events) : events) emit(event);
  }

  private async recalled(query: string): Promise<ContentBlock[]> {
    const wiring = this.wiring;
    if (!wiring) return [];
    const matches = await wiring.store.recall(query, { limit: 3, excludeSessionId: wiring.recorder.id }).catch(() => []);
    return matches.length > 0 ? [{ type: 'text', text: formatRecalledContext(matches) }] : [];
  }
}

/** What a slash command's result looks like in the event stream. */
export function commandEvents(result: SlashCommandResult): AgentEvent[] {
  switch (result.type) {
    case 'message':
      return [{ type: 'notice', level: result.level, text: result.text }];
    case 'dialog':
      return [{ type: 'notice', level: 'info', text: `/${result.dialog}${result.args ? ` ${result.args}` : ''}` }];
    case 'events':
      return result.events;
    case 'quit':
      return [{ type: 'notice', level: 'info', text: 'Use /quit in the TUI, or Ctrl+C twice.' }];
    default:
      return [];
  }
}
