import type { CliOptions } from '../cli/argv.js';
import { runInteractive } from '../app/run-interactive.js';
import { promptHistoryFile, RuntimeController } from './runtime-controller.js';
import { providerNeedsKey } from './dialog-data.js';
import { StartingController } from './starting-controller.js';
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
  const build = async (): Promise<RuntimeController> => {
    const runtime = await startRuntime(options, { cwd, interactive: true, trusted: trust.trusted });
    return new RuntimeController(runtime, {
      historyFile: promptHistoryFile(runtime),
      needsAuth: await providerNeedsKey(runtime),
      trust: trust.enabled ? trust.state : 'trusted',
      rebuild: (trusted, resume) => startRuntime(options, { cwd, interactive: true, trusted, ...(resume ? { resume } : {}) }),
    });
  };
  // A returning user (a key in the environment or settings) sees the prompt at once while the
  // engine starts behind it; a first run waits, so the auth dialog knows whether it is needed.
  const ready = build();
  const controller = trust.keyKnown ? new StartingController(ready, { ...trust.placeholder, trust: trust.enabled ? trust.state : 'trusted' }) : await ready;
  const restoreConsole = captureConsole((text) => void ready.then((runtime) => runtime.current.warn(text)));
  try {
    return await runInteractive(options, { controller });
  } finally {
    restoreConsole();
    await (await ready).current.close();
  }
}
