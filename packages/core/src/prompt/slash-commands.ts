import type { AgentEvent } from '../agent/events.js';

/** A command the user can type after `/`. */
export interface SlashCommand<Context = unknown> {
  /** `help`, `chat`, `git/commit` (nested custom commands use `/`). */
  name: string;
  description: string;
  argumentHint?: string;
  aliases?: string[];
  /** Sub-commands (`/chat list`, `/chat resume`) for completion and help. */
  subCommands?: Array<{ name: string; description: string; argumentHint?: string }>;
  source: 'builtin' | 'user' | 'workspace' | 'mcp';
  run(args: string, context: Context): Promise<SlashCommandResult> | SlashCommandResult;
}

/** What running a command produced. */
export type SlashCommandResult =
  | { type: 'message'; level: 'info' | 'warning' | 'error'; text: string }
  /** Send this text to the model as the user's prompt (custom commands, MCP prompts). */
  | { type: 'submit_prompt'; prompt: string }
  /** Ask the UI to open a dialog (`/model`, `/theme`, …). */
  | { type: 'dialog'; dialog: string; args?: string }
  | { type: 'quit' }
  /** Events to show, in order (a resumed session redrawn). */
  | { type: 'events'; events: AgentEvent[] }
  | { type: 'handled' };

/** A typed line split into command name and arguments. */
export interface ParsedSlashCommand {
  name: string;
  args: string;
}

/** Parses `/name rest of line`; `//text` and lone `/` are not commands. */
export function parseSlashCommand(line: string): ParsedSlashCommand | undefined {
  const trimmed = line.trimStart();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return undefined;
  const match = /^\/([^\s]+)\s*([\s\S]*)$/.exec(trimmed);
  if (!match) return undefined;
  return { name: match[1]!.replace(/:/g, '/'), args: match[2]!.trim() };
}

/**
 * Every command by name: built-ins first, then custom commands (a custom command never shadows a
 * built-in; a workspace command shadows a user command of the same name).
 */
export class SlashCommandRegistry<Context = unknown> {
  private readonly commands = new Map<string, SlashCommand<Context>>();

  register(command: SlashCommand<Context>): void {
    const existing = this.commands.get(command.name);
    if (existing?.source === 'builtin' && command.source !== 'builtin') return;
    this.commands.set(command.name, command);
    for (const alias of command.aliases ?? []) if (!this.commands.has(alias)) this.commands.set(alias, command);
  }

  /** Drops commands from one source (reloading custom commands or an MCP server's prompts). */
  removeSource(source: SlashCommand['source']): void {
    for (const [name, command] of this.commands) if (command.source === source) this.commands.delete(name);
  }

  get(name: string): SlashCommand<Context> | undefined {
    return this.commands.get(name);
  }

  list(): SlashCommand<Context>[] {
    return [...new Set(this.commands.values())].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Runs a typed line; unknown commands say so and suggest the closest names. */
  async execute(line: string, context: Context): Promise<SlashCommandResult | undefined> {
    const parsed = parseSlashCommand(line);
    if (!parsed) return undefined;
    const command = this.commands.get(parsed.name);
    if (!command) {
      const close = this.complete(parsed.name.slice(0, 2)).slice(0, 3).map((candidate) => `/${candidate.name}`);
      const hint = close.length > 0 ? ` Did you mean ${close.join(', ')}?` : '';
      return { type: 'message', level: 'error', text: `Unknown command /${parsed.name}.${hint} Type /help for the list.` };
    }
    return command.run(parsed.args, context);
  }

  /** Commands whose name starts with `prefix` (what the composer shows after `/`). */
  complete(prefix: string): Array<{ name: string; description: string; argumentHint?: string }> {
    const lower = prefix.toLowerCase().replace(/:/g, '/');
    return this.list()
      .filter((command) => command.name.toLowerCase().startsWith(lower))
      .map((command) => ({ name: command.name, description: command.description, ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}) }));
  }
}
