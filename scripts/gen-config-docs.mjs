// Writes docs/configuration.md from the settings schema.
// Run: node --conditions=development --import tsx scripts/gen-config-docs.mjs
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderConfigurationDocs } from '../packages/core/src/settings/render-config-docs.ts';

const target = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));
await writeFile(target, renderConfigurationDocs());
console.log(`wrote ${target}`);
