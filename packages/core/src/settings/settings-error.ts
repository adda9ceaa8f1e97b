/** What went wrong with a settings file or value. */
export type SettingsErrorCode =
  | 'read_failed'
  | 'binary_file'
  | 'parse_failed'
  | 'not_an_object'
  | 'invalid_value'
  | 'unknown_key'
  | 'write_failed'
  | 'lock_failed';

/** Where in which file a problem sits. Every field is optional because not every problem has all of them. */
export interface SettingsLocation {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly keyPath?: string;
}

/**
 * A settings problem, naming the file, line, column and key path where they are known. The loader
 * collects these instead of throwing, so one broken layer never stops alfred from starting.
 */
export class SettingsError extends Error {
  readonly code: SettingsErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly keyPath: string | undefined;
  /** The problem without the location prefix. */
  readonly detail: string;

  constructor(code: SettingsErrorCode, detail: string, location: SettingsLocation = {}, options?: { cause?: unknown }) {
    super(`${formatLocation(location)}${detail}`, options);
    this.name = 'SettingsError';
    this.code = code;
    this.detail = detail;
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.keyPath = location.keyPath;
  }
}

/** Something alfred tolerated but the user should know about (an unknown key, an ignored value). */
export interface SettingsWarning extends SettingsLocation {
  readonly code:
    | 'unknown_key'
    | 'layer_not_allowed'
    | 'pinned'
    | 'pinned_outside_system'
    | 'prototype_key'
    | 'unset_variable'
    | 'migrated'
    | 'migration_not_saved';
  readonly message: string;
}

/** `file:line:column: key.path: ` — the parts that are known, in the order editors understand. */
export function formatLocation(location: SettingsLocation): string {
  let prefix = '';
  if (location.file) {
    prefix = location.file;
    if (location.line !== undefined) prefix += `:${location.line}`;
    if (location.line !== undefined && location.column !== undefined) prefix += `:${location.column}`;
    prefix += ': ';
  }
  if (location.keyPath) prefix += `${location.keyPath}: `;
  return prefix;
}
