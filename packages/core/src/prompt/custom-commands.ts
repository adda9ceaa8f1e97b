import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseFrontMatter } from '../context/skills.js';
import type { SlashCommand } from './slash-commands.js';

/** A command defined in a Markdown or TOML file under a `commands/` folder. */
export interface CustomCommandDefinition {
  name: string;
  description: string;
  argumentHint?: string;
  template: string;
  file: string;
  source: 'user' | 'workspace';
}

/** Runs `!{cmd}` inside a command under the policy; a denial comes back as text, never an exception. */
export type CommandShell = (command: string) => Promise<{ output: string } | { denied: string }>;
/** Reads `@{path}` inside a command (workspace-checked by the caller). */
export type CommandFileReader = (file: string) => Promise<string>;

/** Loads `~/.alfred/commands` then (trusted folders only) `.alfred/commands`; bad files are reported, not fatal. */
export async function loadCustomCommands(options: {
  userDir: string;
  workspaceDir: string;
  trusted: boolean;
}): Promise<{ commands: CustomCommandDefinition[]; errors: string[] }> {
  const errors: string[] = [];
  const user = await scan(options.userDir, 'user', errors);
  const workspace = options.trusted ? await scan(options.workspaceDir, 'workspace', errors) : [];
  const byName = new Map<string, CustomCommandDefinition>();
  for (const command of [...user, ...workspace]) byName.set(command.name, command);
  return { commands: [...byName.values()], errors };
}

async function scan(root: string, source: CustomCommandDefinition['source'], errors: string[], relative = ''): Promise<CustomCommandDefinition[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch {
    return [];
  }
  const commands: CustomCommandDefinition[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      commands.push(...(await scan(root, source, errors, child)));
      continue;
    }
    const extension = path.extname(entry.name);
    if (extension !== '.md' && extension !== '.toml') continue;
    const file = path.join(root, child);
    try {
      commands.push(parseCommandFile(await readFile(file, 'utf8'), child.slice(0, -extension.length), file, source));
    } catch (error) {
      errors.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return commands;
}

function parseCommandFile(text: string, name: string, file: string, source: CustomCommandDefinition['source']): CustomCommandDefinition {
  if (file.endsWith('.toml')) {
    const data = parseToml(text) as Record<string, unknown>;
    if (typeof data['prompt'] !== 'string') throw new Error('a TOML command needs a string "prompt" key');
    return {
      name,
      description: typeof data['description'] === 'string' ? data['description'] : `Custom command from ${path.basename(file)}`,
      ...(typeof data['argument-hint'] === 'string' ? { argumentHint: data['argument-hint'] } : {}),
      template: data['prompt'],
      file,
      source,
    };
  }
  const { attributes, body } = parseFrontMatter(text);
  const description = attributes['description'] ?? (body.split('\n').find((line) => line.trim())?.trim().slice(0, 80) || `Custom command ${name}`);
  return { name, description, ...(attributes['argument-hint'] ? { argumentHint: attributes['argument-hint'] } : {}), template: body.trim(), file, source };
}

/** Splits arguments like a shell would for `$1`…`$9`: quotes group words. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  for (const match of args.matchAll(pattern)) words.push(match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3] ?? '');
  return words;
}

/** Quotes a value for bash, for arguments substituted inside `!{…}`. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function substitute(template: string, args: string, quote: (value: string) => string): string {
  const words = splitArguments(args);
  return template
    .replace(/\$ARGUMENTS|\{\{args\}\}/g, () => quote(args))
    .replace(/\$([1-9])/g, (_match, digit: string) => quote(words[Number(digit) - 1] ?? ''));
}

/**
 * Expands a command template: `$ARGUMENTS`/`{{args}}` and `$1`…`$9`, then `!{cmd}` (run through
 * the policy, output inlined; arguments inside are shell-quoted so they cannot inject commands) and
 * `@{path}` (file contents inlined). Arguments with no placeholder are appended.
 */
export async function expandCommandTemplate(
  definition: Pick<CustomCommandDefinition, 'template'>,
  args: string,
  io: { shell: CommandShell; readFile: CommandFileReader },
): Promise<string> {
  const usesArguments = /\$ARGUMENTS|\{\{args\}\}|\$[1-9]/.test(definition.template);
  let text = '';
  let rest = definition.template;
  for (let match = /!\{([^}]*)\}|@\{([^}]*)\}/.exec(rest); match; match = /!\{([^}]*)\}|@\{([^}]*)\}/.exec(rest)) {
    text += substitute(rest.slice(0, match.index), args, (value) => value);
    if (match[1] !== undefined) {
      const command = substitute(match[1], args, shellQuote);
      const outcome = await io.shell(command);
      text += 'output' in outcome ? outcome.output.trimEnd() : `[command not run: ${outcome.denied}]`;
    } else {
      const file = substitute(match[2] ?? '', args, (value) => value);
      text += await io.readFile(file).catch((error: unknown) => `[could not read ${file}: ${error instanceof Error ? error.message : String(error)}]`);
    }
    rest = rest.slice(match.index + match[0].length);
  }
  text += substitute(rest, args, (value) => value);
  return !usesArguments && args ? `${text}\n\n${args}` : text;
}

/** Turns a definition into a slash command whose result is the expanded prompt. */
export function customSlashCommand(
  definition: CustomCommandDefinition,
  io: { shell: CommandShell; readFile: CommandFileReader },
): SlashCommand {
  return {
    name: definition.name,
    description: `${definition.description} (${definition.source})`,
    ...(definition.argumentHint ? { argumentHint: definition.argumentHint } : {}),
    source: definition.source,
    run: async (args) => ({ type: 'submit_prompt', prompt: await expandCommandTemplate(definition, args, io) }),
  };
}
