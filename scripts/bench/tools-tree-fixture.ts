/**
 * A generated source tree of 50,000 files for the glob and grep benchmarks (issue 5), with a
 * `.gitignore`d `node_modules`-like folder so ignore handling is part of what is timed.
 * Not a benchmark itself: its name has no `.bench`.
 */
import { spawnSync } from 'node:child_process';
import type { BenchContext, BenchSamples } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  FileDiscoveryService,
  WorkspaceContext,
  createBuiltinTools,
  resolveAlfredPaths,
  TodoStore,
  type DeclarativeTool,
  type GrepEngineChoice,
} from '../../packages/core/src/index.js';

export const TREE_FILES = 50_000;

export interface BenchTree {
  root: string;
  dispose(): Promise<void>;
}

/** Writes 50,000 small TypeScript-like files in 500 folders; every 97th file holds `NEEDLE_MARK`. */
export async function generateTree(log: (message: string) => void): Promise<BenchTree> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'alfred-bench-tools-'));
  const root = path.join(base, 'repo');
  await mkdir(root);
  await writeFile(path.join(root, '.gitignore'), 'vendor/\n*.log\n');
  const perFolder = 100;
  for (let folder = 0; folder < TREE_FILES / perFolder; folder++) {
    const directory = path.join(root, folder % 10 === 0 ? 'vendor' : 'src', `pkg${folder % 7}`, `mod${folder}`);
    await mkdir(directory, { recursive: true });
    const writes: Promise<void>[] = [];
    for (let file = 0; file < perFolder; file++) {
      const index = folder * perFolder + file;
      const body = `export function f${index}(value: number): number {\n  // helper ${index}\n  return value * ${index};\n}\n${index % 97 === 0 ? '// NEEDLE_MARK\n' : ''}`;
      writes.push(writeFile(path.join(directory, `file${index}.${index % 5 === 0 ? 'js' : 'ts'}`), body));
    }
    await Promise.all(writes);
    if (folder % 100 === 0) log(`generated ${folder * perFolder} files`);
  }
  return { root, dispose: () => rm(base, { recursive: true, force: true }) };
}

/** The glob and grep tools over a tree; a fresh discovery service per call so nothing is cached. */
export async function toolsFor(root: string, engine: GrepEngineChoice): Promise<() => Record<string, DeclarativeTool>> {
  const workspace = await WorkspaceContext.create([root]);
  return () => {
    const tools = createBuiltinTools({
      workspace,
      files: new FileDiscoveryService({ workspace }),
      alfredPaths: resolveAlfredPaths({ ALFRED_HOME: path.join(root, '..', 'home') }),
      todos: new TodoStore(),
      grepEngine: engine,
    });
    return Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  };
}

/** Runs a tool call and fails the bench if the tool reported an error. */
export async function runTool(tool: DeclarativeTool | undefined, args: unknown): Promise<string> {
  const built = tool?.build(args);
  if (!built?.ok) throw new Error(built ? built.error : 'tool missing');
  const result = await built.invocation.execute(new AbortController().signal);
  if (result.error) throw new Error(result.error.message);
  return typeof result.llmContent === 'string' ? result.llmContent : '';
}

/** Times `rg` with the given arguments, as a baseline in milliseconds. */
export function timeRipgrep(args: string[], cwd: string): number {
  const start = process.hrtime.bigint();
  const result = spawnSync('rg', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw result.error;
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Whether `rg` is installed. */
export function hasRipgrep(): boolean {
  return spawnSync('rg', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Times the grep tool on one engine for NEEDLE_MARK, interleaved with plain `rg` on the same tree. */
export async function benchGrep(context: BenchContext, engine: GrepEngineChoice, note?: string): Promise<BenchSamples> {
  if (!hasRipgrep()) throw new Error('rg is not installed; the grep bench compares against it');
  const tree = await generateTree(context.log);
  try {
    const tools = await toolsFor(tree.root, engine);
    const samples: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < context.runs; run++) {
      const start = process.hrtime.bigint();
      const output = await runTool(tools()['grep'], { pattern: 'NEEDLE_MARK' });
      samples.push(elapsedMs(start));
      if (!output.includes('matching line(s)')) throw new Error(`unexpected grep output: ${output.slice(0, 200)}`);
      baseline.push(timeRipgrep(['-n', 'NEEDLE_MARK'], tree.root));
    }
    return { samples, baseline: { label: 'rg -n NEEDLE_MARK', samples: baseline }, ...(note ? { note } : {}) };
  } finally {
    await tree.dispose();
  }
}
