// Bundles the `alfred` command into packages/ink/dist. Code splitting keeps the entry chunk
// small: --version and --help read one file, the TUI and the SDKs load only when needed.
import { build } from 'esbuild';
import { readdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const inkDir = path.join(root, 'packages/ink');
const { version } = JSON.parse(await readFile(path.join(inkDir, 'package.json'), 'utf8'));

const result = await build({
  entryPoints: { alfred: path.join(inkDir, 'src/cli/alfred.ts') },
  outdir: path.join(inkDir, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['development'],
  // Prefer ESM builds: some packages' "main" is a UMD wrapper whose dynamic require()s a bundler cannot follow (jsonc-parser).
  mainFields: ['module', 'main'],
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  minifySyntax: true,
  legalComments: 'linked',
  jsx: 'automatic',
  // React and the reconciler ship development builds chosen at run time by NODE_ENV; the bundle
  // is the production command, so only the production builds are kept (a third of the TUI chunk).
  define: { __ALFRED_VERSION__: JSON.stringify(version), 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
  // Optional or native modules stay outside the bundle and load from node_modules on demand.
  external: ['react-devtools-core', 'keytar', '@lydell/node-pty'],
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __alfredCreateRequire } from 'node:module'; const require = __alfredCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

// Stale chunks from earlier builds would otherwise pile up beside the new ones; they go only
// after a successful build, so a failed build leaves the previous one working.
const chunksDir = path.join(inkDir, 'dist', 'chunks');
const fresh = new Set(Object.keys(result.metafile.outputs).map((output) => path.resolve(output)));
for (const name of await readdir(chunksDir)) {
  const file = path.join(chunksDir, name);
  const base = file.replace(/\.(map|LEGAL\.txt)$/, '');
  if (!fresh.has(file) && !fresh.has(base)) await rm(file, { force: true });
}
