import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RELATIVE = path.join('shared', 'fixtures', 'provider-streams');

/**
 * The folder of recorded provider streams (`shared/fixtures/provider-streams`), which lives beside
 * the checkout (`<checkout>/../shared`), found by walking up from this module.
 * `ALFRED_PROVIDER_STREAMS` overrides the search.
 */
export function providerStreamsDir(): string {
  const override = process.env.ALFRED_PROVIDER_STREAMS;
  if (override) return path.resolve(override);
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(directory, RELATIVE);
    if (existsSync(path.join(candidate, 'README.md'))) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  throw new Error(`mock-llm: no ${RELATIVE} folder above ${fileURLToPath(import.meta.url)}; set ALFRED_PROVIDER_STREAMS`);
}
