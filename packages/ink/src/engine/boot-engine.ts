import { API_KEY_ENV } from '@alfred/core';
import type { CliOptions } from '../cli/argv.js';
import { providerNeedsKey } from './dialog-data.js';
import { writeFirstScreen } from './first-screen-cache.js';
import { promptHistoryFile, RuntimeController } from './runtime-controller.js';
import { checkTrust, startRuntime, type TrustCheck } from './start-runtime.js';

/**
 * The engine half of an interactive start, loaded after the first frame when it can be: the real
 * trust and settings check, then the runtime (providers, tools, policy, session) behind the
 * controller the TUI talks to.
 */
export async function checkFolder(cwd: string, options: CliOptions): Promise<TrustCheck> {
  return checkTrust(cwd, options);
}

/** Remembers what this start found, for the next one (see first-screen-cache.ts). */
function remember(cwd: string, options: CliOptions, trust: TrustCheck, keyKnown: boolean): void {
  writeFirstScreen(cwd, options, {
    placeholder: { ...trust.placeholder },
    trust: trust.enabled ? trust.state : 'trusted',
    keyKnown,
    ui: trust.ui,
    sources: trust.sources,
    keyEnvNames: [...new Set(Object.values(API_KEY_ENV).flat())],
  });
}

export async function bootEngine(cwd: string, options: CliOptions, trust: TrustCheck): Promise<RuntimeController> {
  const runtime = await startRuntime(options, { cwd, interactive: true, trusted: trust.trusted });
  const needsAuth = await providerNeedsKey(runtime);
  // A key in the key store (not in settings or the environment) counts too, once the engine found it.
  remember(cwd, options, trust, trust.keyKnown || !needsAuth);
  return new RuntimeController(runtime, {
    historyFile: promptHistoryFile(runtime),
    needsAuth,
    trust: trust.enabled ? trust.state : 'trusted',
    rebuild: (trusted, resume) => startRuntime(options, { cwd, interactive: true, trusted, ...(resume ? { resume } : {}) }),
  });
}
