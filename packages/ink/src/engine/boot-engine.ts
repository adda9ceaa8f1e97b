import { API_KEY_ENV, loadBashParser, type TrustState } from '@alfred/core';
import type { CliOptions } from '../cli/argv.js';
import { providerNeedsKey } from './dialog-data.js';
import { writeFirstScreen } from './first-screen-cache.js';
import { promptHistoryFile, RuntimeController } from './runtime-controller.js';
import { checkTrust, startRuntime, type TrustCheck } from './start-runtime.js';

/**
 * The trust the TUI shows: trusted when folder trust is off or `--trust` asked for it this run
 * (no dialog then), otherwise what the user decided before, `unknown` opening the dialog.
 */
export function shownTrust(trust: TrustCheck): TrustState {
  return trust.trusted ? 'trusted' : trust.state;
}

/** The real trust and settings check, for the start that loads this module. */
export { checkTrust };

/** Remembers what this start found, for the next one (see first-screen-cache.ts). */
function remember(cwd: string, options: CliOptions, trust: TrustCheck, keyKnown: boolean): void {
  writeFirstScreen(cwd, options, {
    placeholder: { ...trust.placeholder },
    trust: shownTrust(trust),
    keyKnown,
    ui: trust.ui,
    sources: trust.sources,
    keyEnvNames: [...new Set(Object.values(API_KEY_ENV).flat())],
  });
}

/**
 * The engine half of an interactive start, loaded after the first frame when it can be: the runtime
 * (providers, tools, policy, session) behind the controller the TUI talks to.
 */
export async function bootEngine(cwd: string, options: CliOptions, trust: TrustCheck): Promise<RuntimeController> {
  const runtime = await startRuntime(options, { cwd, interactive: true, trusted: trust.trusted });
  const needsAuth = await providerNeedsKey(runtime);
  // The shell parser (wasm) would otherwise load at the first shell call, between the model's call
  // and its confirmation dialog; loaded while the user is still reading the first frame instead.
  setTimeout(() => void loadBashParser().catch(() => undefined), 300).unref();
  // A key in the key store (not in settings or the environment) counts too, once the engine found it.
  remember(cwd, options, trust, trust.keyKnown || !needsAuth);
  return new RuntimeController(runtime, {
    historyFile: promptHistoryFile(runtime),
    needsAuth,
    trust: shownTrust(trust),
    rebuild: (trusted, resume) => startRuntime(options, { cwd, interactive: true, trusted, ...(resume ? { resume } : {}) }),
  });
}
