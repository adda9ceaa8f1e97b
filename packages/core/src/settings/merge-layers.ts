import { getAtPath, hasAtPath, isPlainRecord, setAtPath } from './key-path.js';
import { defaultSettings, listSettings, type Settings } from './schema/settings-schema.js';
import type { LayerScope, MergeStrategy, SettingsScope } from './schema/setting.js';
import { SettingsError, type SettingsWarning } from './settings-error.js';
import type { SettingLeaf } from './schema/setting.js';

/** One validated layer, in cascade order. */
export interface MergeInput {
  readonly scope: LayerScope;
  readonly file?: string;
  readonly values: Record<string, unknown>;
  readonly pinned: readonly string[];
  /** Where a key path sits in the layer's file, for errors found while merging. */
  readonly locate?: (keyPath: readonly string[]) => { line: number; column: number };
}

/** The cascade's result: merged values and where each came from. */
export interface MergeResult {
  readonly merged: Settings;
  /** Key path → the last layer that set it; map leaves also record each entry (`mcpServers.github`). */
  readonly origins: ReadonlyMap<string, SettingsScope>;
  readonly warnings: SettingsWarning[];
  /** Map entries that are invalid once merged; the entry keeps its value from the layers below. */
  readonly errors: SettingsError[];
}

/**
 * Applies the layers over the schema's defaults, each leaf by its merge strategy. A key pinned by a
 * system layer keeps that layer's value: later layers that try to change it are ignored with a warning.
 */
export function mergeLayers(layers: readonly MergeInput[]): MergeResult {
  const merged = defaultSettings() as unknown as Record<string, unknown>;
  const origins = new Map<string, SettingsScope>();
  const warnings: SettingsWarning[] = [];
  const errors: SettingsError[] = [];
  const pins: { keyPath: string; scope: LayerScope }[] = [];
  const leaves = listSettings();

  for (const layer of layers) {
    for (const { keyPath, leaf } of leaves) {
      const keys = keyPath.split('.');
      if (!hasAtPath(layer.values, keys)) continue;
      const pin = pins.find((candidate) => keyPath === candidate.keyPath || keyPath.startsWith(`${candidate.keyPath}.`));
      if (pin) {
        warnings.push(pinnedWarning(keyPath, pin.scope, layer));
        continue;
      }
      let incoming = getAtPath(layer.values, keys);
      if (leaf.merge === 'deep' && isPlainRecord(incoming)) {
        // A pinned entry of a map (one MCP server) keeps its value; the layer's other entries apply.
        const entryPins = pins.filter((candidate) => candidate.keyPath.startsWith(`${keyPath}.`));
        incoming = Object.fromEntries(
          Object.entries(incoming).filter(([entry]) => {
            const entryPin = entryPins.find((candidate) => candidate.keyPath === `${keyPath}.${entry}`);
            if (entryPin) warnings.push(pinnedWarning(`${keyPath}.${entry}`, entryPin.scope, layer));
            return !entryPin;
          }),
        );
        mergeEntries(merged, keys, incoming as Record<string, unknown>, leaf, layer, origins, errors);
        continue;
      }
      setAtPath(merged, keys, combine(leaf.merge, getAtPath(merged, keys), incoming));
      origins.set(keyPath, layer.scope);
    }
    for (const keyPath of layer.pinned) pins.push({ keyPath, scope: layer.scope });
  }
  return { merged: merged as unknown as Settings, origins, warnings, errors };
}

function pinnedWarning(keyPath: string, pinnedBy: LayerScope, layer: MergeInput): SettingsWarning {
  return {
    code: 'pinned',
    message: `"${keyPath}" is pinned by the ${pinnedBy} settings; the ${layer.scope} value is ignored`,
    file: layer.file,
    keyPath,
  };
}

/** Deep-merges each named entry of a map leaf, keeping an entry as it was when the result is invalid. */
function mergeEntries(
  merged: Record<string, unknown>,
  keys: string[],
  incoming: Record<string, unknown>,
  leaf: SettingLeaf,
  layer: MergeInput,
  origins: Map<string, SettingsScope>,
  errors: SettingsError[],
): void {
  const current = getAtPath(merged, keys);
  const map: Record<string, unknown> = isPlainRecord(current) ? { ...current } : {};
  for (const [entry, value] of Object.entries(incoming)) {
    const candidate = combine('deep', map[entry], value);
    const parsed = leaf.schema.safeParse({ [entry]: candidate });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const issuePath = [...keys, ...issue.path.map(String)];
      errors.push(
        new SettingsError('invalid_value', `${issue.message}; the value from the layers below is used`, {
          file: layer.file,
          keyPath: issuePath.join('.'),
          ...layer.locate?.(issuePath),
        }),
      );
      continue;
    }
    map[entry] = (parsed.data as Record<string, unknown>)[entry];
    origins.set(`${keys.join('.')}.${entry}`, layer.scope);
  }
  setAtPath(merged, keys, map);
  origins.set(keys.join('.'), layer.scope);
}

/** Combines a lower layer's value with a higher one's by strategy. */
export function combine(strategy: MergeStrategy, lower: unknown, higher: unknown): unknown {
  if (strategy === 'concat' && Array.isArray(lower) && Array.isArray(higher)) {
    return [...new Set([...lower, ...higher])];
  }
  if (strategy === 'deep') return deepMerge(lower, higher);
  return structuredClone(higher);
}

function deepMerge(lower: unknown, higher: unknown): unknown {
  if (!isPlainRecord(lower) || !isPlainRecord(higher)) return structuredClone(higher);
  const result: Record<string, unknown> = { ...lower };
  for (const [key, value] of Object.entries(higher)) {
    result[key] = Object.hasOwn(lower, key) ? deepMerge(lower[key], value) : structuredClone(value);
  }
  return result;
}

/** Looks up the origin of `keyPath`, falling back to its nearest recorded ancestor, then `default`. */
export function originIn(origins: ReadonlyMap<string, SettingsScope>, keyPath: string): SettingsScope {
  const keys = keyPath.split('.');
  for (let length = keys.length; length > 0; length--) {
    const origin = origins.get(keys.slice(0, length).join('.'));
    if (origin) return origin;
  }
  return 'default';
}
