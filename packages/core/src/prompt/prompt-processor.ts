import type { ContentBlock } from '../content/content.js';
import { resolveAtReferences, type AtReferenceOptions } from './at-references.js';
import { parseSlashCommand, type SlashCommandRegistry, type SlashCommandResult } from './slash-commands.js';

/** Runs a user's `!command` under the policy; denial is an answer, not an exception. */
export type ShellModeRunner = (
  command: string,
  signal: AbortSignal,
  onOutput: (chunk: string) => void,
) => Promise<{ output: string; exitCode: number | null } | { denied: string }>;

export interface PromptProcessorOptions<Context> {
  commands: SlashCommandRegistry<Context>;
  commandContext: Context;
  references: AtReferenceOptions;
  shell: ShellModeRunner;
  /** Shell output kept for the next prompt is capped (default 16 KB, head and tail kept). */
  maxShellContextBytes?: number;
}

/** What one typed line became. */
export type ProcessedInput =
  | { type: 'command'; result: SlashCommandResult }
  | { type: 'shell'; command: string; output: string; exitCode: number | null; denied?: string }
  | { type: 'prompt'; blocks: ContentBlock[]; notes: string[] };

/**
 * Turns what the user typed into what the model sees, in order: `/command` first (a custom command
 * may expand into a prompt that then goes through `@` resolution), then `!command` shell mode, then
 * `@path` references. Shell-mode output is kept and sent as context with the next prompt.
 */
export class PromptProcessor<Context> {
  private shellContext: string[] = [];

  constructor(private readonly options: PromptProcessorOptions<Context>) {}

  async process(line: string, signal: AbortSignal, onShellOutput: (chunk: string) => void = () => undefined): Promise<ProcessedInput> {
    if (parseSlashCommand(line)) {
      const result = (await this.options.commands.execute(line, this.options.commandContext))!;
      if (result.type !== 'submit_prompt') return { type: 'command', result };
      return this.prompt(result.prompt);
    }
    const trimmed = line.trimStart();
    if (trimmed.startsWith('!') && trimmed.length > 1) return this.shell(trimmed.slice(1).trim(), signal, onShellOutput);
    return this.prompt(line);
  }

  /** Runs a shell-mode command (also used while the composer is toggled into shell mode). */
  async shell(command: string, signal: AbortSignal, onOutput: (chunk: string) => void = () => undefined): Promise<ProcessedInput> {
    const outcome = await this.options.shell(command, signal, onOutput);
    if ('denied' in outcome) return { type: 'shell', command, output: '', exitCode: null, denied: outcome.denied };
    const capped = capMiddle(outcome.output, this.options.maxShellContextBytes ?? 16 * 1024);
    this.shellContext.push(`$ ${command}\n${capped}${outcome.exitCode ? `\n(exit code ${outcome.exitCode})` : ''}`);
    return { type: 'shell', command, output: outcome.output, exitCode: outcome.exitCode };
  }

  private async prompt(text: string): Promise<ProcessedInput> {
    const resolved = await resolveAtReferences(text, this.options.references);
    const blocks: ContentBlock[] = [];
    if (this.shellContext.length > 0) {
      blocks.push({ type: 'text', text: `Commands the user ran in shell mode since the last prompt, with their output:\n${this.shellContext.join('\n\n')}` });
      this.shellContext = [];
    }
    blocks.push({ type: 'text', text }, ...resolved.blocks);
    const missing = resolved.notes.filter((note) => !note.startsWith('attached '));
    if (missing.length > 0 && !resolved.blocks.some((block) => block.type === 'text' && missing.includes(block.text))) {
      blocks.push({ type: 'text', text: `Notes on the @ references: ${missing.join(' ')}` });
    }
    return { type: 'prompt', blocks, notes: resolved.notes };
  }
}

/** Keeps the head and tail of long output, saying how much was cut. */
export function capMiddle(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const half = Math.floor(maxBytes / 2);
  return `${text.slice(0, half)}\n… [${Buffer.byteLength(text) - maxBytes} bytes cut] …\n${text.slice(-half)}`;
}
