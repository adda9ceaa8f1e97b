import type { z } from 'zod';

/** A settings file layer, in cascade order (later wins). */
export const FILE_SCOPES = ['system-defaults', 'system', 'user', 'workspace'] as const;
/** A layer that can carry settings values: the four files, then in-memory values from commands and flags. */
export const LAYER_SCOPES = [...FILE_SCOPES, 'ephemeral'] as const;

export type FileScope = (typeof FILE_SCOPES)[number];
export type LayerScope = (typeof LAYER_SCOPES)[number];
/** Where a merged value came from: a layer, or the schema's default. */
export type SettingsScope = LayerScope | 'default';

/**
 * How a layer's value combines with the value below it.
 * - `replace`: the later layer's value wins whole.
 * - `concat`: lists are concatenated in cascade order, duplicates dropped.
 * - `deep`: maps are merged key by key, recursively; a later leaf wins.
 */
export type MergeStrategy = 'replace' | 'concat' | 'deep';

/** One setting: its zod type, default, description, merge strategy and the layers it may come from. */
export interface SettingLeaf<T extends z.ZodType = z.ZodType> {
  readonly kind: 'setting';
  readonly schema: T;
  readonly default: z.output<T>;
  readonly description: string;
  readonly merge: MergeStrategy;
  readonly layers: readonly LayerScope[];
}

/** A group of settings: nested sections and leaves. */
export interface SettingsSection {
  readonly [key: string]: SettingLeaf | SettingsSection;
}

/** The layers a setting that has no reason to be restricted may come from. */
export const ANY_LAYER: readonly LayerScope[] = LAYER_SCOPES;
/** Layers that speak for the person or the machine, never for a repository someone else wrote. */
export const NOT_WORKSPACE: readonly LayerScope[] = ['system-defaults', 'system', 'user', 'ephemeral'];
/** Only the administrator's and the user's own files. */
export const SYSTEM_AND_USER: readonly LayerScope[] = ['system-defaults', 'system', 'user'];

/** Declares one setting. `merge` defaults to `replace` and `layers` to every layer. */
export function setting<T extends z.ZodType>(
  schema: T,
  options: { default: z.output<T>; description: string; merge?: MergeStrategy; layers?: readonly LayerScope[] },
): SettingLeaf<T> {
  return {
    kind: 'setting',
    schema,
    default: options.default,
    description: options.description,
    merge: options.merge ?? 'replace',
    layers: options.layers ?? ANY_LAYER,
  };
}

/** Tells a leaf from a section. */
export function isSettingLeaf(node: SettingLeaf | SettingsSection): node is SettingLeaf {
  return (node as { kind?: unknown }).kind === 'setting' && 'schema' in node;
}

/** The value type of a section: leaves become their zod output type. */
export type SectionValues<S extends SettingsSection> = {
  -readonly [K in keyof S]: S[K] extends SettingLeaf<infer T>
    ? z.output<T>
    : S[K] extends SettingsSection
      ? SectionValues<S[K]>
      : never;
};
