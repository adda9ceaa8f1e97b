import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listSettings } from './schema/settings-schema.js';
import { renderConfigurationDocs } from './render-config-docs.js';

const DOCS = fileURLToPath(new URL('../../../../docs/configuration.md', import.meta.url));

describe('docs/configuration.md', () => {
  it('matches the schema (regenerate with: node --conditions=development --import tsx scripts/gen-config-docs.mjs)', async () => {
    expect(await readFile(DOCS, 'utf8')).toBe(renderConfigurationDocs());
  });

  it('documents every setting with its default', () => {
    const docs = renderConfigurationDocs();
    for (const { keyPath } of listSettings()) expect(docs).toContain(`| \`${keyPath}\` |`);
    expect(docs).toContain('| `general.maxTurns` | integer 1–1000 | `50` | replace | all |');
    expect(docs).toContain('| `context.includeDirectories` | string list | `[]` | concatenate | all |');
  });
});
