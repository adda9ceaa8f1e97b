/** Splits `a.b.c` into keys, refusing empty segments so a typo cannot address the root. */
export function splitKeyPath(keyPath: string | readonly string[]): string[] {
  const keys = typeof keyPath === 'string' ? keyPath.split('.') : [...keyPath];
  if (keys.length === 0 || keys.some((key) => key === '')) {
    throw new TypeError(`"${String(keyPath)}" is not a key path; expected dotted names like "ui.theme"`);
  }
  return keys;
}

/** Reads an own property chain; `undefined` when any step is missing or not an object. */
export function getAtPath(root: unknown, keys: readonly string[]): unknown {
  let cursor: unknown = root;
  for (const key of keys) {
    if (!isPlainRecord(cursor) || !Object.hasOwn(cursor, key)) return undefined;
    cursor = cursor[key];
  }
  return cursor;
}

/** Whether the own property chain exists (its value may be `undefined` only if set so explicitly). */
export function hasAtPath(root: unknown, keys: readonly string[]): boolean {
  let cursor: unknown = root;
  for (const key of keys) {
    if (!isPlainRecord(cursor) || !Object.hasOwn(cursor, key)) return false;
    cursor = cursor[key];
  }
  return true;
}

/** Sets a value, creating plain objects on the way. */
export function setAtPath(root: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let cursor = root;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(cursor, key) ? cursor[key] : undefined;
    if (!isPlainRecord(next)) cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[keys.at(-1)!] = value;
}

/** A JSON object (not an array, not null). */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
