import type { ZodType } from 'zod';
import { readFile } from 'node:fs/promises';
import { applyEdits, modify } from 'jsonc-parser';
import { describeWriteFailure, writeFileAtomic } from './atomic-write.js';
import { detectFormatting } from './detect-formatting.js';
import { withFileLock } from './file-lock.js';
import { getAtPath, setAtPath, splitKeyPath } from './key-path.js';
import { parseSettingsText } from './parse-settings-text.js';
import { removeProperty } from './remove-property.js';
import { findSetting } from './schema/settings-schema.js';
import type { FileScope } from './schema/setting.js';
import { SettingsError } from './settings-error.js';
import { settingsFilePath, type SettingsFileOptions } from './settings-files.js';

/** One edit of one settings file. */
export interface UpdateSettingOptions extends Partial<SettingsFileOptions> {
  /**
   * The settings file to edit, created with its folder if missing. Without it the file of `scope`
   * is found from `paths`, `workspaceRoot` and `systemDir`, as `loadSettings` finds it.
   */
  readonly file?: string;
  /** The layer the file belongs to, checked against the layers the key may come from. */
  readonly scope: FileScope;
  /** Dotted path (`ui.theme`, `mcpServers.github.command`) or its keys. */
  readonly keyPath: string | readonly string[];
  /** The new value; `undefined` removes the key. */
  readonly value: unknown;
  /** How long to wait for another writer; default 10 s. */
  readonly lockWaitMs?: number;
}

/**
 * Sets one key in a settings file, changing only that key's text: comments, order, formatting and
 * keys alfred does not know stay as they are. The file is read fresh under a cross-process lock, so
 * edits made meanwhile by hand or by another alfred survive, and replaced atomically.
 * Throws `SettingsError`: `unknown_key` or `invalid_value` before touching anything, `parse_failed`
 * when the file is broken (alfred never overwrites a file it cannot read), `write_failed` with a
 * plain reason when the disk is full or the folder read-only (the file is left intact), `lock_failed`.
 */
export async function updateSetting(options: UpdateSettingOptions): Promise<void> {
  const keys = splitKeyPath(options.keyPath);
  const keyPath = keys.join('.');
  const file = resolveFile(options);
  const found = findSetting(keys);
  if (!found) throw new SettingsError('unknown_key', 'no such setting', { file: file, keyPath });
  if (!found.leaf.layers.includes(options.scope)) {
    throw new SettingsError('invalid_value', `cannot be set in ${options.scope} settings (allowed: ${found.leaf.layers.join(', ')})`, { file: file, keyPath });
  }
  if (found.rest.length === 0 && options.value !== undefined) checkValue(found.leaf.schema, options.value, file, keyPath);

  try {
    await withFileLock(file, () => editFile(file, keys, options.value, found), { waitMs: options.lockWaitMs });
  } catch (error) {
    if (error instanceof SettingsError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new SettingsError('lock_failed', 'another process kept the settings file locked; nothing was changed', { file: file, keyPath }, { cause: error });
    }
    throw new SettingsError('write_failed', describeWriteFailure(error, file), { file: file, keyPath }, { cause: error });
  }
}

async function editFile(
  file: string,
  keys: string[],
  value: unknown,
  found: NonNullable<ReturnType<typeof findSetting>>,
): Promise<void> {
  const text = await readExisting(file);
  const parsed = parseSettingsText(text, file);
  if (parsed instanceof SettingsError) {
    throw new SettingsError(parsed.code, `${parsed.detail.replace(/; this layer.*$/, '')}; fix the file by hand first, alfred does not overwrite a file it cannot read`, parsed);
  }
  if (found.rest.length > 0 && value !== undefined) {
    // Inside a map (an MCP server's field): validate the whole entry as it will be after the edit.
    const after = structuredClone(getAtPath(parsed.values, found.leafPath) ?? {}) as Record<string, unknown>;
    setAtPath(after, found.rest, value);
    checkValue(found.leaf.schema, after, file, found.leafPath.join('.'));
  }
  const hasBom = text.startsWith('\uFEFF');
  const body = hasBom ? text.slice(1) : text;
  const formattingOptions = detectFormatting(body);
  const base = body.trim() === '' ? `{${formattingOptions.eol}}${formattingOptions.eol}` : body;
  const edited = value === undefined ? removeProperty(base, keys) : applyEdits(base, modify(base, keys, value, { formattingOptions }));
  if (edited === body) return;
  await writeFileAtomic(file, hasBom ? `\uFEFF${edited}` : edited);
}

function resolveFile(options: UpdateSettingOptions): string {
  if (options.file !== undefined) return options.file;
  const file = options.paths ? settingsFilePath(options.scope, { ...options, paths: options.paths }) : undefined;
  if (file === undefined) {
    throw new TypeError(`updateSetting needs "file", or "paths" (and "workspaceRoot" for the workspace scope) to find the ${options.scope} settings`);
  }
  return file;
}

function checkValue(schema: ZodType, value: unknown, file: string, keyPath: string): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  const where = [keyPath, ...issue.path.map(String)].join('.');
  throw new SettingsError('invalid_value', `${issue.message}; nothing was written`, { file, keyPath: where });
}

async function readExisting(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
