import { AgentSession } from '../agent/agent-session.js';
import type { Provider } from '../providers/provider.js';
import { MemoryLoader } from '../context/memory-files.js';
import { SkillCatalog, skillDirectories } from '../context/skills.js';
import { HistoryService } from '../history/history-service.js';
import { loadTokenCounter } from '../history/token-counter.js';
import { PolicyEngine } from '../policy/policy-engine.js';
import { effectiveApprovalMode } from '../policy/approval-modes.js';
import type { ApprovalMode } from '../policy/types.js';
import { customSlashCommand, loadCustomCommands } from '../prompt/custom-commands.js';
import { PromptProcessor } from '../prompt/prompt-processor.js';
import { SlashCommandRegistry } from '../prompt/slash-commands.js';
import { ProviderManager, type ProviderConnection, type ProviderSettings } from '../providers/manager.js';
import { loadSettings, type LoadedSettings } from '../settings/load-settings.js';
import { TodoStore } from '../tools/builtin/todo-write.js';
import { createDefaultToolRegistry } from '../tools/builtin/create-builtin-tools.js';
import type { McpServerConfig } from '../tools/mcp/mcp-config.js';
import { openInBrowser } from '../tools/mcp/open-browser.js';
import { resolveAlfredPaths, resolveWorkspacePaths, type AlfredPaths } from '../workspace/alfred-home.js';
import { FileDiscoveryService } from '../workspace/file-discovery.js';
import { WorkspaceContext } from '../workspace/workspace-context.js';
import type { McpClientManager } from '../tools/mcp/mcp-client-manager.js';
import { AlfredRuntime } from './alfred-runtime.js';
import { createApprovalGate } from './approval-adapter.js';
import { registerBuiltinCommands } from './builtin-commands.js';
import { lazyKeyStore } from './lazy-key-store.js';
import { policyRulesFromSettings, type RuleFlags } from './policy-rules.js';
import { createShellModeRunner, createCommandIo } from './shell-mode.js';
import { SystemPromptBuilder } from './system-prompt-builder.js';
import { createToolbox } from './tool-adapter.js';
import { checkpointBefore, openSession, type SessionWiring } from './session-wiring.js';
import { registerSessionCommands } from './session-commands.js';
import { createObservability } from './observability.js';
import { syncMcpPrompts } from './mcp-prompts.js';

/** What starting alfred needs: the folder, the environment and the command line's choices. */
export interface CreateRuntimeOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** False for headless runs: anything that would ask is denied. */
  interactive: boolean;
  /** The trust decision for this folder, made by the caller (trusted folders file, `--trust`). */
  trusted: boolean;
  provider?: string;
  model?: string;
  approvalMode?: ApprovalMode;
  rules?: RuleFlags;
  /** Overrides `/etc/alfred-cli` (tests). */
  systemDir?: string;
  /** Replaces the SDK providers (tests that use a fake at our interface). */
  createProvider?: (connection: ProviderConnection) => Provider;
  /** `latest` (--continue) or a session id or prefix (--resume) to continue; a new session otherwise. */
  resume?: string;
  /** Record the session (default true). */
  record?: boolean;
  /** Write the debug log (`-d/--debug`). */
  debug?: boolean;
  /** Connect MCP servers in the background (default true). */
  connectMcp?: boolean;
}

const DEFAULT_CONTEXT_WINDOW = 128_000;

/** The settings cascade for this folder, and the approval mode it allows. */
async function runtimeSettings(options: CreateRuntimeOptions, env: NodeJS.ProcessEnv, paths: AlfredPaths, workspaceRoot: string) {
  const settings = await loadSettings({
    paths,
    workspaceRoot,
    workspaceTrusted: options.trusted,
    env,
    ...(options.systemDir ? { systemDir: options.systemDir } : {}),
  });
  const merged = settings.merged;
  const notices = settings.errors.map((error) => error.message);
  const yoloAllowed = merged.security.allowYolo;
  const requestedMode = options.approvalMode ?? merged.general.defaultApprovalMode;
  const approvalMode = effectiveApprovalMode(requestedMode, { yoloAllowed });
  if (requestedMode === 'yolo' && approvalMode !== 'yolo') notices.push('yolo mode is forbidden by the system settings; using default.');
  return { settings, merged, notices, approvalMode, yoloAllowed };
}

/** Built-in, session, MCP prompt and custom slash commands (custom ones only from trusted folders). */
async function slashCommands(parts: {
  options: CreateRuntimeOptions;
  paths: AlfredPaths;
  commandsDir: string;
  mcp: McpClientManager | undefined;
  shell: ReturnType<typeof createShellModeRunner>;
  workspace: WorkspaceContext;
  notices: string[];
}): Promise<SlashCommandRegistry<AlfredRuntime>> {
  const { options, paths, mcp, shell, workspace, notices } = parts;
  const commands = new SlashCommandRegistry<AlfredRuntime>();
  registerBuiltinCommands(commands);
  registerSessionCommands(commands);
  if (mcp && options.connectMcp !== false) {
    const sync = () => void syncMcpPrompts(mcp, commands);
    mcp.onChange(sync);
    void mcp.connectAll().then(sync);
  }
  const custom = await loadCustomCommands({ userDir: paths.commands, workspaceDir: parts.commandsDir, trusted: options.trusted });
  notices.push(...custom.errors);
  const io = createCommandIo({ shell, workspace });
  for (const definition of custom.commands) commands.register(customSlashCommand(definition, io) as never);
  return commands;
}

/** The turn loop over whichever provider and model are active at each turn. */
function agentSession(parts: {
  history: HistoryService;
  providers: ReturnType<typeof createProviders>;
  toolbox: ReturnType<typeof createToolbox>;
  gate: ReturnType<typeof createApprovalGate>;
  systemPrompt: SystemPromptBuilder;
  contextWindow: () => number;
  general: { maxTurns: number; loopDetection: boolean };
  interactive: boolean;
}): AgentSession {
  const { providers } = parts;
  const managed: Provider = {
    get name() {
      return providers.activeProvider;
    },
    api: 'anthropic',
    stream: (request, signal) => providers.stream(request, signal),
  };
  return new AgentSession({
    history: parts.history,
    activeModel: () => ({ provider: managed, model: providers.activeModel, contextWindow: parts.contextWindow() }),
    toolbox: parts.toolbox,
    gate: parts.gate,
    systemPrompt: () => parts.systemPrompt.build(),
    maxTurns: parts.general.maxTurns,
    loopDetection: parts.general.loopDetection,
    interactive: parts.interactive,
  });
}

/** Builds a ready runtime: settings, policy, tools, providers, context and the session. */
export async function createRuntime(options: CreateRuntimeOptions): Promise<AlfredRuntime> {
  const env = options.env ?? process.env;
  const paths = resolveAlfredPaths(env);
  const workspacePaths = resolveWorkspacePaths(options.cwd);
  const { settings, merged, notices, approvalMode, yoloAllowed } = await runtimeSettings(options, env, paths, workspacePaths.root);

  const workspace = await WorkspaceContext.create([workspacePaths.root, ...merged.context.includeDirectories]);
  const files = new FileDiscoveryService({ workspace });
  const { rules, errors: ruleErrors } = policyRulesFromSettings(settings.layers, options.rules ?? {});
  notices.push(...ruleErrors);
  const policy = await PolicyEngine.create({
    workspaceRoot: workspace.root,
    userHome: paths.userHome,
    alfredHome: paths.home,
    interactive: options.interactive,
    workspaceTrusted: options.trusted,
    yoloAllowed,
    rules,
  });
  notices.push(...policy.loadErrors);

  const skills = new SkillCatalog({
    directories: skillDirectories({ workspaceSkills: workspacePaths.skills, userSkills: paths.skills, trusted: options.trusted }),
  });
  const memory = new MemoryLoader({ alfredPaths: paths, cwd: options.cwd, workspaceRoot: workspace.root, trusted: options.trusted, fileNames: merged.context.fileNames });
  const todos = new TodoStore();
  const registry = createDefaultToolRegistry({ workspace, files, alfredPaths: paths, todos, skills, shellEnv: { ...env, ...settings.env } });
  for (const name of merged.tools.disabled) if (registry.getTool(name)) registry.setEnabled(name, false);

  const keyStore = lazyKeyStore(paths, settings.env);
  const servers = merged.mcpServers as Record<string, McpServerConfig>;
  // The MCP SDK loads only when a server is configured.
  const mcp =
    Object.keys(servers).length > 0
      ? new (await import('../tools/mcp/mcp-client-manager.js')).McpClientManager({ registry, servers, tokenStore: keyStore, openBrowser: (url) => openInBrowser(url, env) })
      : undefined;

  const providers = createProviders(options, settings, keyStore);
  const contextWindow = () => providers.modelInfo().contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const history = new HistoryService({ contextWindow: contextWindow(), threshold: merged.compression.threshold, preserve: merged.compression.preserve });
  void loadTokenCounter(providers.activeModel).then((counter) => history.setModel({ counter, contextWindow: contextWindow() }));

  const ref: { runtime?: AlfredRuntime } = {};
  const currentMode = () => ref.runtime?.approvalMode ?? approvalMode;
  const gate = createApprovalGate({ policy, approvalMode: currentMode, workspaceRoot: workspace.root });
  const wiringRef: { current?: SessionWiring } = {};
  const toolbox = createToolbox({ registry, policy, beforeChange: checkpointBefore(() => wiringRef.current, history) });
  const systemPrompt = new SystemPromptBuilder({ workspace, files, memory, skills, toolbox, countTokens: (text) => history.countText(text) });
  const session = agentSession({ history, providers, toolbox, gate, systemPrompt, contextWindow, general: merged.general, interactive: options.interactive });

  if (options.record !== false) {
    wiringRef.current = await openSession({
      workspaceRoot: workspace.root,
      env,
      history,
      ...(options.resume ? { resume: options.resume } : {}),
      provider: providers.activeProvider,
      model: providers.activeModel,
      checkpointing: merged.sessions.checkpointing,
      onWarning: (message) => ref.runtime?.warn(message),
    });
    notices.push(...wiringRef.current.notices);
  }
  const observability = await createObservability({
    settings: merged,
    paths,
    env: { ...env, ...settings.env },
    debug: options.debug === true,
    ...(wiringRef.current ? { sessionId: wiringRef.current.recorder.id } : {}),
  });
  const shell = createShellModeRunner({ registry, policy, approvalMode: currentMode, workspaceRoot: workspace.root });
  const commands = await slashCommands({ options, paths, commandsDir: workspacePaths.commands, mcp, shell, workspace, notices });

  const processor = new PromptProcessor<AlfredRuntime>({
    commands,
    get commandContext() {
      return ref.runtime!;
    },
    references: { workspace, files },
    shell,
  });
  ref.runtime = new AlfredRuntime({
    session, providers, registry, policy, gate, commands, processor, workspace, files, settings, memory, skills, systemPrompt, todos, mcp,
    trusted: options.trusted, interactive: options.interactive, approvalMode, yoloAllowed, startupNotices: notices,
    sessions: wiringRef.current, recall: merged.sessions.recall, observability,
  });
  return ref.runtime;
}

function createProviders(options: CreateRuntimeOptions, settings: LoadedSettings, keyStore: ReturnType<typeof lazyKeyStore>): ProviderManager {
  const merged = settings.merged;
  const providerName = options.provider ?? merged.general.defaultProvider;
  const providerSettings = merged.providers as Record<string, ProviderSettings & { fallbackModel?: string }>;
  const providers = new ProviderManager({
    provider: providerName,
    ...((options.model ?? merged.general.model) ? { model: options.model ?? merged.general.model } : {}),
    providers: providerSettings,
    env: { ...settings.env },
    keyStore,
    ...(providerSettings[providerName]?.fallbackModel ? { fallbackModel: providerSettings[providerName].fallbackModel } : {}),
    ...(options.createProvider ? { createProvider: options.createProvider } : {}),
  });
  return providers;
}
