import type { CommandInfo } from '../../app/session-controller.js';

/** One suggestion under the composer. */
export interface Completion {
  /** What replaces the token being completed. */
  value: string;
  label: string;
  description?: string;
}

/** `/` completion: commands whose name starts with (or else contains) what was typed. */
export function commandCompletions(token: string, commands: readonly CommandInfo[]): Completion[] {
  const typed = token.slice(1).toLowerCase();
  const starts = commands.filter((command) => command.name.toLowerCase().startsWith(typed));
  const contains = commands.filter((command) => !command.name.toLowerCase().startsWith(typed) && command.name.toLowerCase().includes(typed));
  return [...starts, ...contains].map((command) => ({
    value: `/${command.name} `,
    label: `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}`,
    description: command.description,
  }));
}

/** `@` completion rows from the controller's path list. */
export function pathCompletions(paths: readonly string[]): Completion[] {
  return paths.map((path) => ({ value: `@${path}${path.endsWith('/') ? '' : ' '}`, label: `@${path}` }));
}

/** Large pastes are shown as one placeholder and expanded back on submit. */
export const PASTE_COLLAPSE_LINES = 6;
export const PASTE_COLLAPSE_CHARS = 1000;

/** "[pasted 20 lines #1]": a final line break ends the last line rather than starting another. */
export function pastePlaceholder(text: string, number: number): string {
  const lines = text.replace(/\n$/, '').split('\n').length;
  return `[pasted ${lines} lines #${number}]`;
}

/** What a command typed in full takes ("/chat " → "[list|resume <id>]"), shown while its arguments are typed. */
export function argumentHint(text: string, commands: readonly CommandInfo[]): string | undefined {
  const match = /^\/(\S+)\s/.exec(text);
  const command = match ? commands.find((candidate) => candidate.name === match[1]) : undefined;
  if (!command?.argumentHint) return undefined;
  return `/${command.name} ${command.argumentHint}  ${command.description}`;
}

export function expandPastes(text: string, pastes: ReadonlyMap<string, string>): string {
  let expanded = text;
  for (const [placeholder, content] of pastes) expanded = expanded.replaceAll(placeholder, content);
  return expanded;
}
