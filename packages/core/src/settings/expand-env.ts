/** `$NAME` or `${NAME}`; names follow the shell's rules. */
const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * Expands `$VAR` and `${VAR}` in every string value (never in keys), returning a new value.
 * A variable that is not set is left as written, so the mistake stays visible, and its name is
 * reported through `onUnset` with the key path where it appeared.
 */
export function expandEnvInValues(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  onUnset: (name: string, keyPath: string[]) => void,
  keyPath: string[] = [],
): unknown {
  if (typeof value === 'string') return expandString(value, env, (name) => onUnset(name, keyPath));
  if (Array.isArray(value)) return value.map((item, index) => expandEnvInValues(item, env, onUnset, [...keyPath, String(index)]));
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = expandEnvInValues(item, env, onUnset, [...keyPath, key]);
    return result;
  }
  return value;
}

/** Expands the variables in one string. */
export function expandString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  onUnset: (name: string) => void = () => {},
): string {
  if (!text.includes('$')) return text;
  return text.replace(VARIABLE, (match, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare)!;
    const replacement = env[name];
    if (replacement === undefined) {
      onUnset(name);
      return match;
    }
    return replacement;
  });
}
