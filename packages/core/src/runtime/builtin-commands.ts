import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { APPROVAL_MODES, type ApprovalMode } from '../policy/types.js';
import type { SlashCommand, SlashCommandRegistry, SlashCommandResult } from '../prompt/slash-commands.js';
import type { AlfredRuntime } from './alfred-runtime.js';
import { formatSessionStats } from '../stats/format-stats.js';
import { mcpCommand as mcp } from './mcp-command.js';

type Command = SlashCommand<AlfredRuntime>;

const info = (text: string): SlashCommandResult => ({ type: 'message', level: 'info', text });
const fail = (text: string): SlashCommandResult => ({ type: 'message', level: 'error', text });

/** The commands core answers itself; the TUI adds its own (`/theme`, `/copy`, `/quit`…). */
export function registerBuiltinCommands(registry: SlashCommandRegistry<AlfredRuntime>): void {
  for (const command of BUILTIN_COMMANDS) registry.register(command);
}

const model: Command = {
  name: 'model',
  description: 'Show or switch the model',
  argumentHint: '[model-id]',
  source: 'builtin',
  async run(args, runtime) {
    if (args) {
      runtime.setModel(args);
      return info(`Model set to ${args} (${runtime.providers.activeProvider}).`);
    }
    const models = await runtime.providers.listModels(AbortSignal.timeout(10_000)).catch(() => []);
    const list = models.map((entry) => `${entry.id === runtime.providers.activeModel ? '●' : ' '} ${entry.id}${entry.contextWindow ? `  (${Math.round(entry.contextWindow / 1000)}k context)` : ''}`);
    return info(`Current model: ${runtime.providers.activeModel} (${runtime.providers.activeProvider})\n${list.join('\n')}\nSwitch with /model <id>.`);
  },
};

const provider: Command = {
  name: 'provider',
  description: 'Show or switch the provider (keeps the conversation)',
  argumentHint: '[anthropic|openai|gemini|name] [model]',
  source: 'builtin',
  run(args, runtime) {
    const [name, modelId] = args.split(/\s+/).filter(Boolean);
    if (!name) return info(`Current provider: ${runtime.providers.activeProvider}. Available: ${runtime.providers.providerNames.join(', ')}.`);
    runtime.setProvider(name, modelId);
    return info(`Switched to ${name} with ${runtime.providers.activeModel}; the conversation carries over.`);
  },
};

const baseUrl: Command = {
  name: 'baseurl',
  description: 'Set the API base URL of the current provider (empty resets)',
  argumentHint: '<url>',
  source: 'builtin',
  run(args, runtime) {
    runtime.providers.setBaseUrl(args);
    return info(args ? `Base URL of ${runtime.providers.activeProvider} set to ${args}.` : 'Base URL reset.');
  },
};

const key: Command = {
  name: 'key',
  description: 'Use an API key for this session only (never saved)',
  argumentHint: '<api-key>',
  source: 'builtin',
  run(args, runtime) {
    runtime.providers.setEphemeralKey(args);
    return info(args ? `Key set for ${runtime.providers.activeProvider} for this session (…${args.slice(-4)}).` : 'Session key removed.');
  },
};

const compress: Command = {
  name: 'compress',
  description: 'Summarise older messages now to free context',
  source: 'builtin',
  async run(_args, runtime) {
    const result = await runtime.session.compress();
    if (result.status === 'compressed') return info(`Compressed: ${result.tokensBefore} → ${result.tokensAfter} tokens.`);
    if (result.status === 'trimmed') return info(`Dropped the ${result.dropped} oldest messages: ${result.tokensBefore} → ${result.tokensAfter} tokens.`);
    return info(`Nothing compressed: ${result.reason}.`);
  },
};

const memory: Command = {
  name: 'memory',
  description: 'Show, list, add to or refresh memory (ALFRED.md files)',
  argumentHint: 'show | list | add <fact> | refresh',
  subCommands: [
    { name: 'show', description: 'The memory text the model sees' },
    { name: 'list', description: 'Memory files in use' },
    { name: 'add', description: 'Add a fact to ~/.alfred/ALFRED.md', argumentHint: '<fact>' },
    { name: 'refresh', description: 'Read the files again' },
  ],
  source: 'builtin',
  async run(args, runtime) {
    const [sub = 'show', ...rest] = args.split(/\s+/);
    const files = await runtime.memory.load();
    if (sub === 'list') return info(files.length ? files.map((file) => `${file.scope}: ${file.path}${file.imports.length ? ` (+${file.imports.length} imports)` : ''}`).join('\n') : 'No memory files.');
    if (sub === 'refresh') {
      runtime.systemPrompt.refresh();
      return info(`Memory reloaded: ${files.length} file(s).`);
    }
    if (sub === 'add') {
      const fact = rest.join(' ').trim();
      if (!fact) return fail('Usage: /memory add <fact>');
      const tool = runtime.registry.build('save_memory', { fact });
      if (!tool.ok) return fail(tool.error);
      const result = await tool.invocation.execute(AbortSignal.timeout(10_000));
      return result.error ? fail(result.error.message) : info(`Remembered: ${fact}`);
    }
    return info(files.length ? files.map((file) => `── ${file.path}\n${file.content.trim()}`).join('\n\n') : 'No memory files. Add one with /memory add <fact>, or create ALFRED.md in the project.');
  },
};

const tools: Command = {
  name: 'tools',
  description: 'List tools, or enable/disable one for this session',
  argumentHint: '[enable|disable <name>]',
  source: 'builtin',
  run(args, runtime) {
    const [action, name] = args.split(/\s+/).filter(Boolean);
    if ((action === 'enable' || action === 'disable') && name) {
      runtime.registry.setEnabled(name, action === 'enable');
      return info(`${name} ${action}d for this session.`);
    }
    const lines = runtime.registry.list().map((tool) => `${tool.enabled ? '●' : '○'} ${tool.name}  ${tool.kind}${tool.source.type === 'mcp' ? ` (mcp: ${tool.source.server})` : ''}`);
    return info(`${lines.join('\n')}\n/tools enable|disable <name> toggles a tool for this session.`);
  },
};

const skills: Command = {
  name: 'skills',
  description: 'List the skills the model can load',
  source: 'builtin',
  async run(_args, runtime) {
    const list = await runtime.skills.list();
    return info(list.length ? list.map((skill) => `${skill.name} (${skill.scope}): ${skill.description}`).join('\n') : 'No skills. Add .alfred/skills/<name>/SKILL.md.');
  },
};

const context: Command = {
  name: 'context',
  description: 'What fills the context window, part by part',
  source: 'builtin',
  async run(_args, runtime) {
    const breakdown = await runtime.systemPrompt.breakdown();
    const history = runtime.session.history.totalTokens();
    const window = runtime.session.history.getContextWindow();
    const rows = [...breakdown.parts.map((part) => [part.name, part.tokens] as const), ['conversation', history] as const];
    const total = rows.reduce((sum, [, tokens]) => sum + tokens, 0);
    const lines = rows.map(([name, tokens]) => `${name.padEnd(14)} ${String(tokens).padStart(8)} tokens`);
    return info(`${lines.join('\n')}\n${'total'.padEnd(14)} ${String(total).padStart(8)} of ${window} (${Math.round((total / window) * 100)}%)`);
  },
};

const approvalMode: Command = {
  name: 'approval-mode',
  description: 'Show or set the approval mode',
  argumentHint: `[${APPROVAL_MODES.join('|')}]`,
  source: 'builtin',
  run(args, runtime) {
    if (!args) return info(`Approval mode: ${runtime.approvalMode}. Shift+Tab cycles.`);
    if (!APPROVAL_MODES.includes(args as ApprovalMode)) return fail(`Unknown mode "${args}". Use one of ${APPROVAL_MODES.join(', ')}.`);
    runtime.setApprovalMode(args as ApprovalMode);
    return info(`Approval mode: ${args}.`);
  },
};

const directory: Command = {
  name: 'directory',
  description: 'Add a directory to the workspace, or list them',
  argumentHint: 'add <path> | list',
  source: 'builtin',
  async run(args, runtime) {
    const [sub, ...rest] = args.split(/\s+/).filter(Boolean);
    if (sub === 'add' && rest.length > 0) {
      const target = path.resolve(runtime.workspace.root, rest.join(' '));
      await runtime.workspace.addDirectory(target);
      runtime.systemPrompt.refresh();
      return info(`Added ${target} to the workspace.`);
    }
    return info(runtime.workspace.directories.join('\n'));
  },
};

const init: Command = {
  name: 'init',
  description: 'Create ALFRED.md with notes about this project',
  source: 'builtin',
  async run(_args, runtime) {
    const file = path.join(runtime.workspace.root, 'ALFRED.md');
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, '', { flag: 'a' });
    return {
      type: 'submit_prompt',
      prompt: `Look around this repository (its build files, README, source layout, test setup) and write concise, useful project notes for yourself into ${file}: how to build, test and lint, the layout, conventions, and anything surprising. Keep it under 80 lines.`,
    };
  },
};

const stats: Command = {
  name: 'stats',
  description: 'Requests, tokens, tools, approvals and estimated cost of this session',
  source: 'builtin',
  run: (_args, runtime) => info(formatSessionStats(runtime.statsSnapshot()).join('\n')),
};

const bug: Command = {
  name: 'bug',
  description: 'Write a bug report (version, system, settings without secrets, recent log lines)',
  argumentHint: '[what went wrong]',
  source: 'builtin',
  async run(args, runtime) {
    const file = await runtime.bugReport(args);
    return info(`Bug report written to ${file}. Secrets were removed; check it before you attach it to an issue. Run alfred with --debug to include log lines.`);
  },
};

const BUILTIN_COMMANDS: Command[] = [stats, bug, model, provider, baseUrl, key, compress, memory, tools, mcp, skills, context, approvalMode, directory, init];
