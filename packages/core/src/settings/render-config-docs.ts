import { z } from 'zod';
import { listSettings, PINNED_KEY } from './schema/settings-schema.js';
import { LAYER_SCOPES, type SettingLeaf } from './schema/setting.js';

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema & { description?: string }>;
  additionalProperties?: JsonSchema;
  pattern?: string;
};

const MERGE_WORDS = { replace: 'replace', concat: 'concatenate', deep: 'deep merge' } as const;

/**
 * Renders docs/configuration.md from the settings schema. The committed file is compared with
 * this output by a test, so the page can never drift from the code.
 */
export function renderConfigurationDocs(): string {
  const sections = new Map<string, { rows: string[]; entryTables: string[] }>();
  for (const { keyPath, leaf } of listSettings()) {
    const top = keyPath.split('.')[0]!;
    const section = sections.get(top) ?? { rows: [], entryTables: [] };
    sections.set(top, section);
    section.rows.push(row(keyPath, leaf));
    const entry = jsonSchema(leaf).additionalProperties;
    if (entry?.properties) section.entryTables.push(...entryTable(keyPath, entry.properties));
  }
  const lines = [...preamble()];
  for (const [name, section] of sections) {
    lines.push('', `## ${name}`, '', '| Key | Type | Default | Merge | Layers | Description |', '| --- | --- | --- | --- | --- | --- |');
    lines.push(...section.rows, ...section.entryTables);
  }
  return `${lines.join('\n')}\n`;
}

function preamble(): string[] {
  return [
    '# Configuration',
    '',
    '<!-- Generated from packages/core/src/settings/schema by `node --conditions=development --import tsx scripts/gen-config-docs.mjs`. Do not edit by hand: a test fails when this file is stale. -->',
    '',
    'alfred reads settings from five layers; a later layer wins:',
    '',
    '1. `/etc/alfred-cli/system-defaults.json`: defaults chosen by an administrator or a package.',
    '2. `/etc/alfred-cli/settings.json`: system settings. (`ALFRED_SYSTEM_SETTINGS_DIR` moves both system files.)',
    '3. `$ALFRED_HOME/settings.json` (default `~/.alfred/settings.json`): your settings.',
    "4. `<workspace>/.alfred/settings.json`: the project's settings, read only in a trusted folder.",
    '5. Ephemeral values from slash commands and command-line flags, never written to disk.',
    '',
    'Files are JSON with comments: `//` and `/* */` comments, trailing commas, a byte order mark and CRLF line ends are all fine.',
    'A file that cannot be parsed is reported with its file, line and column and skipped for that run; alfred never overwrites it.',
    'A value of the wrong type is reported with its key path and line, and that key falls back to the layers below.',
    'Unknown keys are reported once and kept in the file. `__proto__`, `constructor` and `prototype` keys are ignored.',
    '',
    'Keys combine across layers by their **merge** strategy: *replace* (the later value wins whole), *concatenate* (lists add up in layer order, duplicates dropped) or *deep merge* (maps merge by name, so a layer can change one field of one MCP server).',
    'The **layers** column lists where a key may be set; elsewhere it is ignored with a warning (a repository cannot, for example, switch off folder trust).',
    '',
    `The system files may pin keys so that no later layer can change them: \`"${PINNED_KEY}": ["security.allowYolo"]\` next to \`"security": { "allowYolo": false }\` forbids \`yolo\` mode for every user. A section name pins the whole section.`,
    '',
    'String values expand `$VAR` and `${VAR}` from the environment. Before expansion alfred reads `.env` files: the workspace\'s `.alfred/.env` (trusted folders only), then `$ALFRED_HOME/.env`; a variable already set in the environment is never overridden.',
    '',
    'Files in the old flat layout (v1, such as `"theme": "dark"` at the top level) are moved to the nested layout on first read, with the original kept as `settings.json.v1.bak`.',
    'alfred edits settings files in place: only the changed key\'s text changes, comments and formatting stay, and the write is atomic and locked against other alfred processes.',
  ];
}

function row(keyPath: string, leaf: SettingLeaf): string {
  const layers = leaf.layers.length === LAYER_SCOPES.length ? 'all' : leaf.layers.join(', ');
  const defaultText = leaf.default === undefined ? 'unset' : `\`${JSON.stringify(leaf.default)}\``;
  return `| \`${keyPath}\` | ${cell(describeType(jsonSchema(leaf)))} | ${defaultText} | ${MERGE_WORDS[leaf.merge]} | ${layers} | ${cell(leaf.description)} |`;
}

function entryTable(keyPath: string, properties: NonNullable<JsonSchema['properties']>): string[] {
  return [
    '',
    `Fields of each \`${keyPath}.<name>\` entry:`,
    '',
    '| Field | Type | Description |',
    '| --- | --- | --- |',
    ...Object.entries(properties).flatMap(([name, schema]) => fieldRows(name, schema)),
  ];
}

/** A field's row, followed by one row per field of an object value (`oauth.scope`). */
function fieldRows(name: string, schema: JsonSchema & { description?: string }): string[] {
  const own = `| \`${name}\` | ${cell(describeType(schema))} | ${cell(schema.description ?? '')} |`;
  const nested = schema.type === 'object' && !schema.additionalProperties ? Object.entries(schema.properties ?? {}) : [];
  return [own, ...nested.flatMap(([field, inner]) => fieldRows(`${name}.${field}`, inner))];
}

function jsonSchema(leaf: SettingLeaf): JsonSchema {
  return z.toJSONSchema(leaf.schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
}

/** A short human description of a JSON Schema type. */
export function describeType(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' | ');
  switch (schema.type) {
    case 'integer':
    case 'number':
      return `${schema.type}${range(schema)}`;
    case 'string':
      if (schema.format === 'uri') return 'URL';
      return schema.pattern ? 'rule' : 'string';
    case 'array':
      return `${schema.items ? describeType(schema.items) : 'value'} list`;
    case 'object':
      return schema.additionalProperties ? `map of name → ${schema.additionalProperties.properties ? 'entry' : describeType(schema.additionalProperties)}` : 'object';
    default:
      return schema.type ?? 'any';
  }
}

function range(schema: JsonSchema): string {
  const safe = (value: number | undefined) => (value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined);
  const low = safe(schema.minimum);
  const high = safe(schema.maximum);
  if (schema.exclusiveMinimum !== undefined && schema.exclusiveMaximum !== undefined) return `, ${schema.exclusiveMinimum} < x < ${schema.exclusiveMaximum}`;
  if (low !== undefined && high !== undefined) return ` ${low}–${high}`;
  if (low !== undefined) return ` ≥ ${low}`;
  return '';
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}
