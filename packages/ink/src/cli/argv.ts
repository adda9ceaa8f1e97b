import { Command, Option } from 'commander';
import { VERSION } from './version.js';
import { registerAuthCommand } from './auth-command.js';

/** What the command line asked for, before anything heavy is loaded. */
export interface CliOptions {
  prompt?: string;
  model?: string;
  provider?: string;
  resume?: string | true;
  continue?: boolean;
  outputFormat: 'text' | 'json' | 'stream-json';
  approvalMode?: 'default' | 'auto_edit' | 'yolo' | 'plan';
  yolo?: boolean;
  debug?: boolean;
  inline?: boolean;
  trust?: boolean;
  allow?: string[];
  ask?: string[];
  deny?: string[];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export const APPROVAL_MODES = ['default', 'auto_edit', 'yolo', 'plan'] as const;
export const PROVIDERS = ['anthropic', 'openai', 'gemini'] as const;

/**
 * Builds the argument parser. It only describes the command line: the actions that load the TUI,
 * headless mode or providers are attached by the entry point, so `--help` and `--version` stay cheap.
 */
export function createProgram(): Command {
  const program = new Command('alfred')
    .description('An AI coding assistant for the terminal.')
    .version(VERSION, '-v, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show this help')
    .option('-p, --prompt <text>', 'run one prompt without the TUI (headless); stdin is appended')
    .option('-m, --model <name>', 'model to use')
    .addOption(new Option('--provider <name>', 'provider to use').choices(PROVIDERS))
    .option('-r, --resume [id]', 'resume a saved session (the latest when no id is given)')
    .option('-c, --continue', 'continue the most recent session in this folder')
    .addOption(
      new Option('-o, --output-format <format>', 'headless output format').choices(OUTPUT_FORMATS).default('text'),
    )
    .addOption(new Option('--approval-mode <mode>', 'how tool calls are approved').choices(APPROVAL_MODES))
    .option('-y, --yolo', 'approve every tool call (same as --approval-mode yolo)')
    .option('-d, --debug', 'write a debug log under $ALFRED_HOME/logs')
    .option('--inline', 'draw inline, keeping the terminal scrollback, instead of full screen')
    .option('--trust', 'trust this folder for this run only (no trust dialog; headless mode in an untrusted folder)')
    .option('--allow <rule>', "allow tool calls matching a rule, e.g. 'shell(git status)' (repeatable)", collect)
    .option('--ask <rule>', "always ask for calls matching a rule, e.g. 'shell(git push *)' (repeatable)", collect)
    .option('--deny <rule>', "deny calls matching a rule, e.g. 'web_fetch' (repeatable)", collect)
    .showHelpAfterError('(run alfred --help for usage)')
    .configureOutput({ outputError: (text, write) => write(text) });
  registerAuthCommand(program);
  program
    .command('new')
    .description('generate a new project from a description: preview, confirm, write, then approved setup commands')
    .argument('<description...>', 'what to build')
    .option('--yes', 'write the files without asking (setup commands still need approval)')
    .action(async (words: string[], local: { yes?: boolean }) => {
      const { runNewProject } = await import('../engine/new-project.js');
      process.exitCode = await runNewProject(words.join(' '), { ...program.opts<CliOptions>(), ...local });
    });
  return program;
}
