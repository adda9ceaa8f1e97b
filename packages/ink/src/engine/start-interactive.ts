import type { CliOptions } from '../cli/argv.js';
import { runInteractive } from '../app/run-interactive.js';
import { promptHistoryFile, RuntimeController } from './runtime-controller.js';
import { providerNeedsKey } from './dialog-data.js';
import { checkTrust, startRuntime } from './start-runtime.js';
import { format } from 'node:util';

/**
 * Libraries that print with console.* (an SDK's deprecation notice) would scribble over the TUI;
 * their messages are shown as warnings in the transcript instead.
 */
/* eslint-disable no-console -- this is the one place that takes console output away from the screen */
function captureConsole(warn: (text: string) => void): () => void {
  const saved = { log: console.log, warn: console.warn, error: console.error, info: console.info };
  const redirect = (...args: unknown[]) => warn(format(...args));
  console.log = console.warn = console.error = console.info = redirect;
  return () => Object.assign(console, saved);
}
/* eslint-enable no-console */

/** Starts the TUI over a real runtime for the current folder; resolves with the exit code. */
export async function startInteractive(options: CliOptions): Promise<number> {
  // The pty tests of the TUI itself play scripted events instead of talking to a provider.
  if (process.env['ALFRED_SCRIPTED_EVENTS']) return runInteractive(options);
  const cwd = process.cwd();
  const trust = await checkTrust(cwd, options);
  const runtime = await startRuntime(options, { cwd, interactive: true, trusted: trust.trusted });
  const controller = new RuntimeController(runtime, {
    historyFile: promptHistoryFile(runtime),
    needsAuth: await providerNeedsKey(runtime),
    trust: trust.enabled ? trust.state : 'trusted',
    rebuild: (trusted, resume) => startRuntime(options, { cwd, interactive: true, trusted, ...(resume ? { resume } : {}) }),
  });
  const restoreConsole = captureConsole((text) => controller.current.warn(text));
  try {
    return await runInteractive(options, { controller });
  } finally {
    restoreConsole();
    await controller.current.close();
  }
}
