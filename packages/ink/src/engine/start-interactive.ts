import { format } from 'node:util';
import type { CliOptions } from '../cli/argv.js';
import { runInteractive } from '../app/run-interactive.js';
import type { SessionController } from '../app/session-controller.js';
import { readFirstScreen, type FirstScreen } from './first-screen-cache.js';
import type { RuntimeController } from './runtime-controller.js';
import { StartingController } from './starting-controller.js';

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

interface Start {
  controller: SessionController;
  ready: Promise<RuntimeController>;
  screen: Pick<FirstScreen, 'ui'>;
}

/**
 * A returning user whose folder and settings are as last time gets the first frame from the
 * remembered first screen, before the engine (schema, providers, tools) has even loaded.
 */
function startFromCache(cwd: string, options: CliOptions, screen: FirstScreen): Start {
  // Loading the engine is most of a start-up's CPU: it begins once the first frame is out.
  const ready = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => import('./boot-engine.js'))
    .then(async ({ checkTrust, bootEngine }) => bootEngine(cwd, options, await checkTrust(cwd, options)));
  return { controller: new StartingController(ready, { ...screen.placeholder, trust: screen.trust }), ready, screen };
}

async function startCold(cwd: string, options: CliOptions): Promise<Start> {
  const { checkTrust, bootEngine, shownTrust } = await import('./boot-engine.js');
  const trust = await checkTrust(cwd, options);
  const ready = bootEngine(cwd, options, trust);
  // A returning user (a key in the environment or settings) sees the prompt at once while the
  // engine starts behind it; a first run waits, so the auth dialog knows whether it is needed.
  const controller = trust.keyKnown ? new StartingController(ready, { ...trust.placeholder, trust: shownTrust(trust) }) : await ready;
  return { controller, ready, screen: trust };
}

/** Starts the TUI over a real runtime for the current folder; resolves with the exit code. */
export async function startInteractive(options: CliOptions): Promise<number> {
  // The pty tests of the TUI itself play scripted events instead of talking to a provider.
  if (process.env['ALFRED_SCRIPTED_EVENTS']) return runInteractive(options);
  const cwd = process.cwd();
  const cached = readFirstScreen(cwd, options);
  const { controller, ready, screen } = cached?.keyKnown ? startFromCache(cwd, options, cached) : await startCold(cwd, options);
  const restoreConsole = captureConsole((text) => void ready.then((runtime) => runtime.current.warn(text)));
  try {
    return await runInteractive(options, { controller, ui: screen.ui, failure: ready });
  } finally {
    restoreConsole();
    await (await ready).current.close();
  }
}
