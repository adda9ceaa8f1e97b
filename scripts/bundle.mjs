// Bundles the `alfred` command into packages/ink/dist. Code splitting keeps the entry chunk
// small: --version and --help read one file, the TUI and the SDKs load only when needed.
import { build } from 'esbuild';
import { readdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const inkDir = path.join(root, 'packages/ink');
const { version } = JSON.parse(await readFile(path.join(inkDir, 'package.json'), 'utf8'));

/**
 * yoga-layout (Ink's layout engine) inlines its wasm as a data: URL and, because Node has a
 * global fetch, loads it through fetch(): that pulls in undici and a stream pipeline before the
 * first frame (about 30 ms). Its own synchronous path does the same work without them, but decodes
 * the base64 with a JavaScript loop (another 30 ms); Buffer does it natively.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(build) {
    build.onLoad({ filter: /yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patches = [
        ['w||"function"!=typeof fetch?', 'w||true?'],
        ['var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c}', 'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))}'],
      ];
      let contents = source;
      for (const [from, to] of patches) {
        if (!contents.includes(from)) throw new Error(`yoga-layout changed: "${from}" not found in ${args.path}; review the yoga-without-fetch plugin`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Every `string-width` in the bundle (Ink's v8, wrap-ansi's v7, ours) goes through
 * packages/ink/src/text/string-width.ts: one measure for everything, whose fast path keeps
 * grapheme segmentation and an emoji expression off the common strings. It falls back to v7, whose start-up
 * costs a third of v8's (v8 builds three `\p{…}/v` expressions when it loads, about 25 ms).
 */
const fastStringWidth = path.join(inkDir, 'src/text/string-width.ts');
const oneStringWidth = {
  name: 'one-string-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'one-string-width') return undefined;
      if (args.importer !== fastStringWidth) return { path: fastStringWidth };
      return build.resolve('string-width', { resolveDir: inkDir, kind: args.kind, pluginData: 'one-string-width' });
    });
  },
};

/**
 * marked-terminal imports cli-highlight (highlight.js with all 190 grammars, and parse5 to read its
 * HTML back), but alfred draws code blocks itself (packages/ink/src/markdown/highlight-code.ts).
 * Leaving it out keeps a megabyte out of the markdown chunk that loads after the first frame.
 */
const withoutCliHighlight = {
  name: 'without-cli-highlight',
  setup(build) {
    build.onResolve({ filter: /^cli-highlight$/ }, () => ({ path: 'cli-highlight', namespace: 'without-cli-highlight' }));
    build.onLoad({ filter: /.*/, namespace: 'without-cli-highlight' }, () => ({
      contents: "export function highlight() { throw new Error('cli-highlight is left out of the bundle: code blocks are drawn by highlight-code.ts'); }",
      loader: 'js',
    }));
  },
};

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
  // Full minification: V8 parses every byte of an ES module before it runs, and start-up is
  // mostly that parse (whitespace and long names are a third of the bytes).
  minify: !process.env.ALFRED_BUNDLE_NAMES,
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
  plugins: [yogaWithoutFetch, oneStringWidth, withoutCliHighlight],
  logLevel: 'warning',
  metafile: true,
});

if (process.env.ALFRED_BUNDLE_META) await (await import('node:fs/promises')).writeFile(process.env.ALFRED_BUNDLE_META, JSON.stringify(result.metafile));

// Stale chunks from earlier builds would otherwise pile up beside the new ones; they go only
// after a successful build, so a failed build leaves the previous one working.
const chunksDir = path.join(inkDir, 'dist', 'chunks');
const fresh = new Set(Object.keys(result.metafile.outputs).map((output) => path.resolve(output)));
for (const name of await readdir(chunksDir)) {
  const file = path.join(chunksDir, name);
  const base = file.replace(/\.(map|LEGAL\.txt)$/, '');
  if (!fresh.has(file) && !fresh.has(base)) await rm(file, { force: true });
}
