import { readFileSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { detectFormatting } from './detect-formatting.js';
import { writeFileAtomic } from './atomic-write.js';
import { expandEnvInValues } from './expand-env.js';
import { withFileLock } from './file-lock.js';
import { isV1Settings, migrateV1Text } from './migrate-v1.js';
import { parseSettingsText, type ParsedSettingsText } from './parse-settings-text.js';
import type { FileScope } from './schema/setting.js';
import { SettingsError, type SettingsWarning } from './settings-error.js';
import { validateLayer, type ValidatedLayer } from './validate-layer.js';

/** One settings file as read: its scope, path, and the values it contributes. */
export interface SettingsLayer {
  readonly scope: FileScope | 'ephemeral';
  /** The file, or undefined for the ephemeral layer. */
  readonly path: string | undefined;
  readonly exists: boolean;
  /** Valid values this layer contributes (empty when the file is missing or broken). */
  readonly values: Record<string, unknown>;
  /** Set when the whole layer was skipped: unreadable or not JSON. */
  readonly error?: SettingsError;
}

/** A layer with everything the loader collected while reading it. */
export interface ReadLayerResult {
  readonly layer: SettingsLayer;
  readonly validated: ValidatedLayer;
  readonly warnings: SettingsWarning[];
  /** Line and column of a key path in the file, for errors found later while merging. */
  readonly locate?: (keyPath: readonly string[]) => { line: number; column: number };
}

const EMPTY: ValidatedLayer = { values: {}, pinned: [], errors: [], warnings: [] };

/** Reads, migrates if needed, expands `$VAR`s in and validates one settings file. */
export async function readSettingsLayer(
  scope: FileScope,
  file: string,
  env: Readonly<Record<string, string | undefined>>,
  options: { migrate: boolean },
): Promise<ReadLayerResult> {
  let text: string;
  try {
    // A synchronous read of a small file costs microseconds; five async reads cost a thread-pool
    // round trip each, which on a busy machine is most of the time start-up spends on settings.
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { layer: { scope, path: file, exists: false, values: {} }, validated: EMPTY, warnings: [] };
    const failure = new SettingsError('read_failed', `cannot read this file (${(error as Error).message}); this layer is ignored`, { file }, { cause: error });
    return skipped(scope, file, failure);
  }
  let parsed = parseSettingsText(text, file);
  if (parsed instanceof SettingsError) return skipped(scope, file, parsed);

  const warnings: SettingsWarning[] = parsed.droppedKeys.map((keyPath) => ({
    code: 'prototype_key' as const,
    message: `"${keyPath}" is not allowed as a settings key; ignored`,
    file,
    keyPath,
  }));
  if (isV1Settings(parsed.values)) {
    // System files belong to the administrator: migrated in memory only, never rewritten by alfred.
    const save = options.migrate && (scope === 'user' || scope === 'workspace');
    const migrated = await migrateLayerFile(file, text, parsed, save, warnings);
    if (migrated instanceof SettingsError) return skipped(scope, file, migrated);
    parsed = migrated;
  }
  const expanded = expandEnvInValues(parsed.values, env, (name, keyPath) => {
    warnings.push({ code: 'unset_variable', message: `$${name} is not set; the value is used as written`, file, keyPath: keyPath.join('.') });
  }) as Record<string, unknown>;
  const validated = validateLayer(expanded, { scope, file, locate: parsed.locate });
  return { layer: { scope, path: file, exists: true, values: validated.values }, validated, warnings, locate: parsed.locate };
}

function skipped(scope: FileScope, file: string, error: SettingsError): ReadLayerResult {
  return { layer: { scope, path: file, exists: true, values: {}, error }, validated: { ...EMPTY, errors: [error] }, warnings: [] };
}

/**
 * Moves a v1 file to the v2 shape. The original is copied to `<file>.v1.bak` first; the rewrite is
 * atomic and locked. When the file cannot be written (a system file, a read-only folder), the
 * migrated values are used for this run only and the user is told.
 */
async function migrateLayerFile(
  file: string,
  text: string,
  parsed: ParsedSettingsText,
  save: boolean,
  warnings: SettingsWarning[],
): Promise<ParsedSettingsText | SettingsError> {
  const { text: migratedText, moved } = migrateV1Text(text, parsed.values, detectFormatting(text));
  const reparsed = parseSettingsText(migratedText, file);
  if (reparsed instanceof SettingsError) return reparsed;
  if (!save) {
    warnings.push({ code: 'migration_not_saved', message: `uses the old v1 layout (${moved.join(', ')}); migrated in memory only`, file });
    return reparsed;
  }
  try {
    await withFileLock(file, async () => {
      const fresh = await readFile(file, 'utf8');
      // Someone else migrated or edited it meanwhile: leave the file to them, use our in-memory copy.
      if (fresh !== text) return;
      await copyFile(file, `${file}.v1.bak`);
      await writeFileAtomic(file, migratedText);
    });
    warnings.push({ code: 'migrated', message: `moved to the v2 layout (${moved.join(', ')}); the old file is at ${file}.v1.bak`, file });
  } catch (error) {
    warnings.push({
      code: 'migration_not_saved',
      message: `uses the old v1 layout and could not be rewritten (${(error as Error).message}); migrated in memory for this run`,
      file,
    });
  }
  return reparsed;
}
