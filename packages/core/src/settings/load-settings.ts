import type { AlfredPaths } from '../workspace/alfred-home.js';
import { dotenvFilePaths, settingsFilePath } from './settings-files.js';
import { loadDotenvFiles, type DotenvLayer } from './dotenv.js';
import { mergeLayers, originIn, type MergeInput } from './merge-layers.js';
import { readSettingsLayer, type SettingsLayer } from './read-layer.js';
import { FILE_SCOPES, type SettingsScope } from './schema/setting.js';
import type { Settings } from './schema/settings-schema.js';
import type { SettingsError, SettingsWarning } from './settings-error.js';
import { validateLayer } from './validate-layer.js';

/** What `loadSettings` needs. The trust decision is made elsewhere and passed in. */
export interface LoadSettingsOptions {
  readonly paths: AlfredPaths;
  /** The workspace (project) root; its `.alfred/settings.json` is the fourth layer. */
  readonly workspaceRoot?: string;
  /** When false, the workspace's settings and `.env` are not read at all. */
  readonly workspaceTrusted: boolean;
  /** Values from slash commands and flags, in the nested settings shape; they win over every file. */
  readonly ephemeral?: Record<string, unknown>;
  /** Folder of the system files; default `$ALFRED_SYSTEM_SETTINGS_DIR`, then `/etc/alfred-cli`. */
  readonly systemDir?: string;
  /** Environment for `$VAR` expansion and the system folder override; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Rewrite v1 files into the v2 layout on disk (with a backup). Default true. */
  readonly migrate?: boolean;
}

/** The settings alfred runs with, and how they came to be. */
export interface LoadedSettings {
  readonly merged: Settings;
  /** Every layer in cascade order, including missing and skipped files. */
  readonly layers: readonly SettingsLayer[];
  /** Broken files and invalid values; alfred still starts, using the other layers. */
  readonly errors: readonly SettingsError[];
  readonly warnings: readonly SettingsWarning[];
  /** The environment after `.env` files: the process environment wins over files. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly dotenvFiles: readonly DotenvLayer[];
  /** Which layer the merged value at `keyPath` came from (`default` if none set it). */
  originOf(keyPath: string): SettingsScope;
}

/**
 * Reads the cascade system-defaults → system → user → workspace (trusted only) → ephemeral, later
 * layers winning by each key's merge strategy. Never throws for bad files: they are reported in
 * `errors` and skipped.
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<LoadedSettings> {
  const baseEnv = options.env ?? process.env;
  const fileOptions = { paths: options.paths, workspaceRoot: options.workspaceRoot, systemDir: options.systemDir, env: baseEnv };
  const { env, loaded } = await loadDotenvFiles(dotenvFilePaths({ ...fileOptions, workspaceTrusted: options.workspaceTrusted }), baseEnv);

  const scopes = FILE_SCOPES.filter((scope) => scope !== 'workspace' || options.workspaceTrusted);
  const reads = await Promise.all(
    scopes.flatMap((scope) => {
      const file = settingsFilePath(scope, fileOptions);
      return file === undefined ? [] : [readSettingsLayer(scope, file, env, { migrate: options.migrate ?? true })];
    }),
  );
  const layers: SettingsLayer[] = reads.map((read) => read.layer);
  const errors: SettingsError[] = reads.flatMap((read) => read.validated.errors);
  const warnings: SettingsWarning[] = reads.flatMap((read) => [...read.warnings, ...read.validated.warnings]);
  const inputs: MergeInput[] = reads.map((read) => ({
    scope: read.layer.scope,
    file: read.layer.path,
    values: read.validated.values,
    pinned: read.validated.pinned,
    locate: read.locate,
  }));

  if (options.ephemeral) {
    const validated = validateLayer(options.ephemeral, { scope: 'ephemeral', file: undefined, locate: () => ({ line: 1, column: 1 }) });
    layers.push({ scope: 'ephemeral', path: undefined, exists: true, values: validated.values });
    errors.push(...validated.errors);
    warnings.push(...validated.warnings);
    inputs.push({ scope: 'ephemeral', file: undefined, values: validated.values, pinned: [] });
  }

  const { merged, origins, warnings: mergeWarnings, errors: mergeErrors } = mergeLayers(inputs);
  warnings.push(...mergeWarnings);
  errors.push(...mergeErrors);
  return {
    merged,
    layers,
    errors,
    warnings: dedupeWarnings(warnings),
    env,
    dotenvFiles: loaded,
    originOf: (keyPath) => originIn(origins, keyPath),
  };
}

function dedupeWarnings(warnings: readonly SettingsWarning[]): SettingsWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.code}|${warning.file ?? ''}|${warning.keyPath ?? ''}|${warning.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
