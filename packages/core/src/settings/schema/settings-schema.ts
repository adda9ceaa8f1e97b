import type { z } from 'zod';
import { contextSection, compressionSection } from './context.js';
import { generalSection } from './general.js';
import { mcpServersSetting } from './mcp-servers.js';
import { providersSetting } from './providers.js';
import { sessionsSection, securitySection } from './sessions.js';
import { isSettingLeaf, type SectionValues, type SettingLeaf, type SettingsSection } from './setting.js';
import { debugSection, telemetrySection } from './telemetry.js';
import { policySection, toolsSection } from './tools.js';
import { uiSection } from './ui.js';

/**
 * Every setting alfred reads, by section. This tree is the single source of truth: validation,
 * defaults, merging, `/settings` and docs/configuration.md are all derived from it.
 */
export const SETTINGS_SPEC = {
  general: generalSection,
  providers: providersSetting,
  ui: uiSection,
  tools: toolsSection,
  policy: policySection,
  compression: compressionSection,
  context: contextSection,
  mcpServers: mcpServersSetting,
  telemetry: telemetrySection,
  sessions: sessionsSection,
  security: securitySection,
  debug: debugSection,
} as const satisfies SettingsSection;


/** The merged settings alfred runs with: every key present, defaults filled in. */
export type Settings = SectionValues<typeof SETTINGS_SPEC>;

/** A top-level key allowed only in the system files: key paths that no later layer may change. */
export const PINNED_KEY = 'pinned';

/** One leaf with its dotted key path. */
export interface SettingEntry {
  readonly keyPath: string;
  readonly leaf: SettingLeaf;
}

let cachedEntries: readonly SettingEntry[] | undefined;

/** Every leaf of the schema in declaration order (computed once for alfred's own schema). */
export function listSettings(spec: SettingsSection = SETTINGS_SPEC, prefix = ''): readonly SettingEntry[] {
  if (spec === SETTINGS_SPEC && prefix === '') return (cachedEntries ??= collectSettings(spec, prefix));
  return collectSettings(spec, prefix);
}

function collectSettings(spec: SettingsSection, prefix: string): SettingEntry[] {
  const entries: SettingEntry[] = [];
  for (const [key, node] of Object.entries(spec)) {
    const keyPath = prefix ? `${prefix}.${key}` : key;
    if (isSettingLeaf(node)) entries.push({ keyPath, leaf: node });
    else entries.push(...collectSettings(node, keyPath));
  }
  return entries;
}

/**
 * Finds the leaf that governs `keyPath`, which may point inside a map leaf
 * (`mcpServers.github.command`). Returns the leaf, its own path and the rest of the path.
 */
export function findSetting(
  keyPath: readonly string[],
  spec: SettingsSection = SETTINGS_SPEC,
): { leaf: SettingLeaf; leafPath: string[]; rest: string[] } | undefined {
  let node: SettingLeaf | SettingsSection = spec;
  for (let index = 0; index < keyPath.length; index++) {
    if (isSettingLeaf(node)) return { leaf: node, leafPath: keyPath.slice(0, index), rest: keyPath.slice(index) };
    const key = keyPath[index]!;
    if (!Object.hasOwn(node, key)) return undefined;
    node = node[key]!;
  }
  return isSettingLeaf(node) ? { leaf: node, leafPath: [...keyPath], rest: [] } : undefined;
}

/** The schema's defaults as a fresh settings object. */
export function defaultSettings(): Settings {
  const result: Record<string, unknown> = {};
  for (const { keyPath, leaf } of listSettings()) setDeep(result, keyPath.split('.'), structuredClone(leaf.default));
  return result as Settings;
}

function setDeep(target: Record<string, unknown>, keys: string[], value: unknown): void {
  let cursor = target;
  for (const key of keys.slice(0, -1)) {
    cursor[key] ??= {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[keys.at(-1)!] = value;
}

/** Validates a value for one leaf; used by writers before anything touches disk. */
export function parseSettingValue(leaf: SettingLeaf, value: unknown): z.ZodSafeParseResult<unknown> {
  return leaf.schema.safeParse(value);
}
