import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPty, type PtySession } from './pty-session.js';

/** The repository root: this file is `packages/testkit/{src,dist}/pty/start-alfred.*`. */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The bundled `alfred` command that `node scripts/bundle.mjs` writes (and `pnpm test` builds). */
export const ALFRED_BUNDLE = path.join(REPOSITORY_ROOT, 'packages/ink/dist/alfred.js');

/** How to start the built `alfred` in a pty. */
export interface StartAlfredOptions {
  /** The folder alfred runs in (usually `workspace.root`). */
  cwd: string;
  /** The child's environment; must set `ALFRED_HOME` (use `workspace.env()` from `tempWorkspace()`). */
  env: NodeJS.ProcessEnv;
  args?: readonly string[];
  cols?: number;
  rows?: number;
  /** Another built entry to run instead of the repository's bundle. */
  entry?: string;
}

/**
 * Starts the BUILT `alfred` command (`node packages/ink/dist/alfred.js`) in a pty with a headless
 * terminal of the same size. Throws when the bundle is missing or no temporary `ALFRED_HOME` is set.
 */
export function startAlfred(options: StartAlfredOptions): PtySession {
  const entry = options.entry ?? ALFRED_BUNDLE;
  if (!existsSync(entry)) {
    throw new Error(`The alfred bundle is missing at ${entry}. Run \`node scripts/bundle.mjs\` (pnpm test does).`);
  }
  if (!options.env.ALFRED_HOME) {
    throw new Error('startAlfred needs env.ALFRED_HOME: pass `workspace.env()` from tempWorkspace() so the real home stays untouched.');
  }
  return startPty({
    command: process.execPath,
    args: [entry, ...(options.args ?? [])],
    cwd: options.cwd,
    env: interactiveEnv(options.env),
    ...(options.cols === undefined ? {} : { cols: options.cols }),
    ...(options.rows === undefined ? {} : { rows: options.rows }),
  });
}

/**
 * The environment of a person at a terminal. CI variables are removed because Ink (via is-in-ci)
 * stops drawing frames when it believes it runs in CI, which would leave the screen blank; the test
 * runner's own variables are removed so alfred behaves as it does for a user.
 */
export function interactiveEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_')) continue;
    if (key === 'VITEST' || key.startsWith('VITEST_') || (key === 'NODE_ENV' && value === 'test')) continue;
    result[key] = value;
  }
  result.TERM = 'xterm-256color';
  return result;
}
