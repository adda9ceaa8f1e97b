import path from 'node:path';
import type { AlfredPaths } from '../workspace/alfred-home.js';
import { resolveWorkspacePaths } from '../workspace/alfred-home.js';
import type { FileScope } from './schema/setting.js';

/** Where the administrator's files live unless `ALFRED_SYSTEM_SETTINGS_DIR` or `systemDir` says otherwise. */
export const DEFAULT_SYSTEM_SETTINGS_DIR = '/etc/alfred-cli';
/** Moves the system settings folder (tests, packagers). */
export const SYSTEM_SETTINGS_DIR_ENV = 'ALFRED_SYSTEM_SETTINGS_DIR';

/** What is needed to find every settings file. */
export interface SettingsFileOptions {
  readonly paths: AlfredPaths;
  readonly workspaceRoot?: string;
  readonly systemDir?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The folder holding `system-defaults.json` and `settings.json`. */
export function resolveSystemDir(options: Pick<SettingsFileOptions, 'systemDir' | 'env'>): string {
  return options.systemDir ?? options.env?.[SYSTEM_SETTINGS_DIR_ENV] ?? DEFAULT_SYSTEM_SETTINGS_DIR;
}

/** The settings file of one scope; `undefined` for the workspace scope when there is no workspace. */
export function settingsFilePath(scope: FileScope, options: SettingsFileOptions): string | undefined {
  switch (scope) {
    case 'system-defaults':
      return path.join(resolveSystemDir(options), 'system-defaults.json');
    case 'system':
      return path.join(resolveSystemDir(options), 'settings.json');
    case 'user':
      return options.paths.userSettings;
    case 'workspace':
      return options.workspaceRoot === undefined ? undefined : resolveWorkspacePaths(options.workspaceRoot).settings;
  }
}

/** The `.env` files in the order they are consulted: the workspace's (trusted only), then the user's. */
export function dotenvFilePaths(options: SettingsFileOptions & { workspaceTrusted: boolean }): string[] {
  const files: string[] = [];
  if (options.workspaceTrusted && options.workspaceRoot !== undefined) {
    files.push(path.join(resolveWorkspacePaths(options.workspaceRoot).dir, '.env'));
  }
  files.push(path.join(options.paths.home, '.env'));
  return files;
}
