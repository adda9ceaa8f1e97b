#!/usr/bin/env node
/**
 * The `alfred` entry point. It parses arguments and then loads either the TUI or headless mode
 * on demand: `--version` and `--help` never load React, Ink or a provider SDK.
 */
import type { CliOptions } from './argv.js';
import { VERSION } from './version.js';

/** Exit codes, documented in docs/headless.md. */
export const EXIT = { ok: 0, runtime: 1, usage: 2, interrupted: 130 } as const;

async function startTui(options: CliOptions): Promise<void> {
  const { startInteractive } = await import('../engine/start-interactive.js');
  process.exitCode = await startInteractive(options);
}

async function main(argv: string[]): Promise<void> {
  const rest = argv.slice(2);
  if (rest.length === 1 && (rest[0] === '--version' || rest[0] === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  // The everyday start, `alfred` alone in a terminal, needs no argument parser (a sixth of a start).
  if (rest.length === 0 && process.stdin.isTTY) {
    // Raw input before anything loads: keys typed from here on are neither echoed by the tty nor
    // turned into line feeds (an early Enter stays an Enter), and wait for the composer.
    process.stdin.setRawMode(true);
    return startTui({ outputFormat: 'text' });
  }
  const { createProgram } = await import('./argv.js');
  const program = createProgram();
  program.exitOverride();
  program.action(async (options: CliOptions) => {
    const stdinIsPiped = !process.stdin.isTTY;
    if (options.prompt !== undefined || stdinIsPiped) {
      const { runHeadless } = await import('../headless/run-headless.js');
      process.exitCode = await runHeadless(options);
      return;
    }
    await startTui(options);
  });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const code = (error as { code?: string; exitCode?: number }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') {
      process.exitCode = EXIT.ok;
      return;
    }
    if (typeof code === 'string' && code.startsWith('commander.')) {
      // A subcommand's own failure (`alfred auth set` with no store) carries its exit code.
      const exitCode = (error as { exitCode?: number }).exitCode;
      process.exitCode = code === 'commander.error' && exitCode !== undefined ? exitCode : EXIT.usage;
      return;
    }
    throw error;
  }
}

main(process.argv).catch((error: unknown) => {
  process.stderr.write(`alfred: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = EXIT.runtime;
});
