import type { z } from 'zod';
import { isPlainRecord, setAtPath } from './key-path.js';
import { PINNED_KEY, SETTINGS_SPEC } from './schema/settings-schema.js';
import { isSettingLeaf, type LayerScope, type SettingLeaf, type SettingsSection } from './schema/setting.js';
import { SettingsError, type SettingsWarning } from './settings-error.js';

/** What one layer contributes after validation. */
export interface ValidatedLayer {
  /** Valid leaves only, nested as in the file, values as zod parsed them. */
  readonly values: Record<string, unknown>;
  /** Key paths this layer pins (system layers only). */
  readonly pinned: string[];
  readonly errors: SettingsError[];
  readonly warnings: SettingsWarning[];
}

interface LayerContext {
  readonly scope: LayerScope;
  readonly file: string | undefined;
  readonly locate: (keyPath: readonly (string | number)[]) => { line: number; column: number };
}

/**
 * Checks a layer's raw values against the schema, key by key. An invalid value drops only that key
 * (reported with its line and column), so the same key falls back to the layers below; unknown keys
 * are reported once and left alone (they stay in the file); a key this layer may not set is ignored.
 */
export function validateLayer(raw: Record<string, unknown>, context: LayerContext): ValidatedLayer {
  const result: ValidatedLayer = { values: {}, pinned: [], errors: [], warnings: [] };
  for (const [key, value] of Object.entries(raw)) {
    if (key === PINNED_KEY) readPins(value, context, result);
    else visit(SETTINGS_SPEC, key, value, [], context, result);
  }
  return result;
}

function visit(
  section: SettingsSection,
  key: string,
  value: unknown,
  parent: string[],
  context: LayerContext,
  result: ValidatedLayer,
): void {
  const keys = [...parent, key];
  const where = { file: context.file, keyPath: keys.join('.'), ...context.locate(keys) };
  if (!Object.hasOwn(section, key)) {
    result.warnings.push({ code: 'unknown_key', message: `unknown setting "${where.keyPath}" is kept but not used`, ...where });
    return;
  }
  const node = section[key]!;
  if (!isSettingLeaf(node)) {
    if (!isPlainRecord(value)) {
      result.errors.push(new SettingsError('invalid_value', `expected a section object, got ${describe(value)}`, where));
      return;
    }
    for (const [child, childValue] of Object.entries(value)) visit(node, child, childValue, keys, context, result);
    return;
  }
  if (!node.layers.includes(context.scope)) {
    result.warnings.push({
      code: 'layer_not_allowed',
      message: `"${where.keyPath}" cannot be set in ${context.scope} settings (allowed: ${node.layers.join(', ')}); ignored`,
      ...where,
    });
    return;
  }
  if (node.merge === 'deep') {
    // Map entries may be partial in one layer (a user adding args to a system MCP server), so
    // they are validated after merging, in mergeLayers; here only the shape is checked.
    if (isPlainRecord(value) && Object.values(value).every(isPlainRecord)) setAtPath(result.values, keys, value);
    else result.errors.push(new SettingsError('invalid_value', 'expected an object of named entries, each an object', where));
    return;
  }
  const parsed = (node as SettingLeaf).schema.safeParse(value);
  if (parsed.success) setAtPath(result.values, keys, parsed.data);
  else result.errors.push(issueError(parsed.error, keys, context));
}

function issueError(error: z.ZodError, keys: string[], context: LayerContext): SettingsError {
  const issue = error.issues[0]!;
  const issuePath = [...keys, ...issue.path.map(String)];
  return new SettingsError('invalid_value', `${issue.message}; the value from the layers below is used`, {
    file: context.file,
    keyPath: issuePath.join('.'),
    ...context.locate(issuePath),
  });
}

function readPins(value: unknown, context: LayerContext, result: ValidatedLayer): void {
  const where = { file: context.file, keyPath: PINNED_KEY, ...context.locate([PINNED_KEY]) };
  if (context.scope !== 'system-defaults' && context.scope !== 'system') {
    result.warnings.push({ code: 'pinned_outside_system', message: 'only the system settings files can pin keys; ignored', ...where });
    return;
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    result.errors.push(new SettingsError('invalid_value', 'expected a list of key paths like ["security.allowYolo"]', where));
    return;
  }
  for (const keyPath of value) {
    if (isKnownPath(keyPath)) result.pinned.push(keyPath);
    else result.errors.push(new SettingsError('invalid_value', `cannot pin "${keyPath}": no such setting`, where));
  }
}

/** A section, a leaf, or one named entry of a map leaf (`mcpServers.github`). */
function isKnownPath(keyPath: string): boolean {
  const keys = keyPath.split('.');
  let node: SettingLeaf | SettingsSection = SETTINGS_SPEC;
  for (let index = 0; index < keys.length; index++) {
    if (isSettingLeaf(node)) return node.merge === 'deep' && index === keys.length - 1;
    if (!Object.hasOwn(node, keys[index]!)) return false;
    node = node[keys[index]!]!;
  }
  return true;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
