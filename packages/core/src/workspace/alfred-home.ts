import os from 'node:os';
import path from 'node:path';

/**
 * Where alfred keeps per-user state. The only module allowed to call `os.homedir()`, so that
 * every test can move the whole of alfred's home with `ALFRED_HOME` and never touch the real one.
 */
export interface AlfredPaths {
  /** `$ALFRED_HOME`, default `~/.alfred`. */
  readonly home: string;
  /** The user's home directory, used to expand `~` in settings and paths. */
  readonly userHome: string;
  /** `<home>/settings.json`. */
  readonly userSettings: string;
  /** `<home>/history`: session records, one folder per project. */
  readonly history: string;
  /** `<home>/tmp`: checkpoints and other scratch data, one folder per project. */
  readonly tmp: string;
  /** `<home>/logs`: debug logs. */
  readonly logs: string;
  /** `<home>/commands`: user-level custom commands. */
  readonly commands: string;
  /** `<home>/skills`: user-level skills. */
  readonly skills: string;
  /** `<home>/ALFRED.md`: user-level memory. */
  readonly memory: string;
}

/** The environment variable that relocates alfred's home directory. */
export const ALFRED_HOME_ENV = 'ALFRED_HOME';

/** Resolves alfred's per-user paths from the environment (tests pass their own `env`). */
export function resolveAlfredPaths(env: NodeJS.ProcessEnv = process.env): AlfredPaths {
  const userHome = env['HOME'] || os.homedir();
  const configured = env[ALFRED_HOME_ENV];
  const home = configured ? path.resolve(expandHome(configured, userHome)) : path.join(userHome, '.alfred');
  return {
    home,
    userHome,
    userSettings: path.join(home, 'settings.json'),
    history: path.join(home, 'history'),
    tmp: path.join(home, 'tmp'),
    logs: path.join(home, 'logs'),
    commands: path.join(home, 'commands'),
    skills: path.join(home, 'skills'),
    memory: path.join(home, 'ALFRED.md'),
  };
}

/** Per-workspace paths: the `.alfred/` folder inside a project. */
export interface WorkspacePaths {
  readonly root: string;
  readonly dir: string;
  readonly settings: string;
  readonly commands: string;
  readonly skills: string;
  readonly memory: string;
}

/** Resolves the `.alfred/` folder of the workspace rooted at `root`. */
export function resolveWorkspacePaths(root: string): WorkspacePaths {
  const absolute = path.resolve(root);
  const dir = path.join(absolute, '.alfred');
  return {
    root: absolute,
    dir,
    settings: path.join(dir, 'settings.json'),
    commands: path.join(dir, 'commands'),
    skills: path.join(dir, 'skills'),
    memory: path.join(dir, 'ALFRED.md'),
  };
}

/** Expands a leading `~` or `~/` to the user's home directory. */
export function expandHome(input: string, userHome: string): string {
  if (input === '~') return userHome;
  if (input.startsWith('~/')) return path.join(userHome, input.slice(2));
  return input;
}
