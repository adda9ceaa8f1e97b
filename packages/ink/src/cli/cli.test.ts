import { ALFRED_BUNDLE, tempWorkspace, type TempWorkspace } from '@alfred/testkit';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));
const DIST = path.dirname(ALFRED_BUNDLE);

/** Packages that must stay unloaded by `--version` and `--help`: the UI and every provider SDK. */
const HEAVY_PACKAGES = [
  'react',
  'react-reconciler',
  'ink',
  '@anthropic-ai/sdk',
  'openai',
  '@google/genai',
  '@modelcontextprotocol/sdk',
];

/**
 * Logs every module file the process loads: ESM through a loader hook, CommonJS from the require
 * cache at exit (the hook does not see `require()` on Node 20).
 */
const LOAD_LOGGER = {
  'register.mjs': `
    import { register, createRequire } from 'node:module';
    import { appendFileSync } from 'node:fs';
    const log = process.env.ALFRED_TEST_LOAD_LOG;
    register('./hooks.mjs', import.meta.url, { data: { log } });
    const cache = createRequire(import.meta.url).cache;
    process.on('exit', () => {
      for (const file of Object.keys(cache)) appendFileSync(log, 'file://' + file + '\\n');
    });
  `,
  'hooks.mjs': `
    import { appendFileSync } from 'node:fs';
    let log;
    export function initialize(data) { log = data.log; }
    export async function load(url, context, nextLoad) {
      appendFileSync(log, url + '\\n');
      return nextLoad(url, context);
    }
  `,
};

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function runAlfred(args: string[], workspace: TempWorkspace, nodeOptions: string[] = []): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...nodeOptions, ALFRED_BUNDLE, ...args],
      { cwd: workspace.root, env: workspace.env({ ALFRED_TEST_LOAD_LOG: workspace.path('loaded.log') }) },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The npm packages a loaded file brings in: for a file in node_modules, its package; for a bundle
 * chunk, every package its source map lists (a chunk inlines its dependencies).
 */
function packagesIn(file: string): Set<string> {
  if (file.includes('/node_modules/')) return new Set([packageOf(file)]);
  if (!file.startsWith(DIST) || !file.endsWith('.js')) return new Set();
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) throw new Error(`${mapFile} is missing; the bundle must keep linked source maps`);
  const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return new Set(sources.filter((source) => source.includes('node_modules/')).map(packageOf));
}

/** Packages in a chunk and in every chunk it imports statically. */
function packagesOfChunkTree(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return new Set();
  seen.add(file);
  const packages = packagesIn(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/from\s*"\.\/([\w-]+\.js)"/g)) {
    for (const name of packagesOfChunkTree(path.join(path.dirname(file), match[1]!), seen)) packages.add(name);
  }
  return packages;
}

function packageOf(file: string): string {
  const afterLast = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const parts = afterLast.split('/');
  return afterLast.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
}

async function loadedPackages(args: string[]): Promise<{ result: RunResult; files: string[]; packages: Set<string> }> {
  await using workspace = await tempWorkspace({ files: LOAD_LOGGER });
  const result = await runAlfred(args, workspace, ['--import', pathToFileURL(workspace.path('register.mjs')).href]);
  const files = readFileSync(workspace.path('loaded.log'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('file://'))
    .map((url) => fileURLToPath(url))
    .filter((file) => !file.startsWith(workspace.root));
  const packages = new Set(files.flatMap((file) => [...packagesIn(file)]));
  return { result, files, packages };
}

describe('the alfred command', () => {
  let workspace: TempWorkspace;
  beforeAll(async () => {
    if (!existsSync(ALFRED_BUNDLE)) throw new Error(`Build the bundle first: node scripts/bundle.mjs (missing ${ALFRED_BUNDLE})`);
    workspace = await tempWorkspace();
    return () => workspace.dispose();
  });

  it('prints the package version for --version and -v', async () => {
    const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await runAlfred([flag], workspace);
      expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  it('lists every reserved flag in --help', async () => {
    const result = await runAlfred(['--help'], workspace);
    expect(result.code).toBe(0);
    for (const flag of ['-p, --prompt', '-m, --model', '--provider', '--resume', '--continue', '--output-format', '--approval-mode', '--yolo', '-d, --debug', '--version', '--help']) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toMatch(/text.*json.*stream-json/s);
    expect(result.stdout).toMatch(/default.*auto_edit.*yolo.*plan/s);
  });

  it('exits 2 with a message naming the allowed values for an invalid --output-format', async () => {
    const result = await runAlfred(['-p', 'hi', '--output-format', 'xml'], workspace);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--output-format.*'xml' is invalid/);
    expect(result.stderr).toMatch(/text, json, stream-json/);
  });

  it('exits 2 on an unknown flag and points to --help', async () => {
    const result = await runAlfred(['--no-such-flag'], workspace);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option '--no-such-flag'/);
    expect(result.stderr).toContain('alfred --help');
  });
});

describe('start-up cost of --version and --help', () => {
  it('can see React and Ink in the chunk the TUI loads (the check below is not blind)', () => {
    // The chunk the entry imports on demand (dist/chunks may also hold stale ones from older builds).
    const chunk = /start-interactive-[\w-]+\.js/.exec(readFileSync(ALFRED_BUNDLE, 'utf8'))?.[0];
    expect(chunk, 'the entry should import the TUI lazily from its own chunk').toBeDefined();
    const packages = packagesOfChunkTree(path.join(DIST, 'chunks', chunk ?? ''));
    expect(packages).toContain('ink');
    expect(packages).toContain('react');
  });

  it('draws the first frame without the engine: no schema library, provider SDK or MCP client before it', () => {
    const chunk = /start-interactive-[\w-]+\.js/.exec(readFileSync(ALFRED_BUNDLE, 'utf8'))?.[0];
    const packages = packagesOfChunkTree(path.join(DIST, 'chunks', chunk ?? ''));
    expect(packages).toContain('yoga-layout');
    expect(['zod', 'ajv', 'iconv-lite', ...HEAVY_PACKAGES.filter((name) => !['react', 'react-reconciler', 'ink'].includes(name))].filter((name) => packages.has(name))).toEqual([]);
  });

  it.each([['--version'], ['--help']])('%s loads no React, Ink or provider SDK', async (flag) => {
    const { result, files, packages } = await loadedPackages([flag]);
    expect(result.code).toBe(0);
    expect(files).toContain(ALFRED_BUNDLE);
    expect(HEAVY_PACKAGES.filter((name) => packages.has(name))).toEqual([]);
    // --help needs the argument parser: seeing it proves loaded chunks are inspected.
    if (flag === '--help') expect(packages).toContain('commander');
  });
});
