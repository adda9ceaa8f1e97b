import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MemoryLoader } from '../../packages/core/src/context/memory-files.js';
import { SkillCatalog } from '../../packages/core/src/context/skills.js';
import { estimatingCounter } from '../../packages/core/src/history/token-counter.js';
import { SystemPromptBuilder } from '../../packages/core/src/runtime/system-prompt-builder.js';
import { FileDiscoveryService } from '../../packages/core/src/workspace/file-discovery.js';
import { WorkspaceContext } from '../../packages/core/src/workspace/workspace-context.js';
import { resolveAlfredPaths } from '../../packages/core/src/workspace/alfred-home.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';

export const name = 'context-system-prompt';
export const description = 'build the system prompt (instructions, environment, 20 memory files with imports, skills) in a fresh session';
/** issue 8: building the system prompt for a repository with 20 memory files ≤ 30 ms. */
export const budget: Budget = { maxMedianMs: 30 };

async function repository(): Promise<{ base: string; root: string; deep: string; home: string }> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'alfred-bench-context-'));
  const root = path.join(base, 'repo');
  const home = path.join(base, 'home', '.alfred');
  const segments = Array.from({ length: 9 }, (_, index) => `level${index}`);
  const deep = path.join(root, ...segments);
  await mkdir(path.join(root, '.git'), { recursive: true });
  await mkdir(deep, { recursive: true });
  await mkdir(home, { recursive: true });
  const note = (index: number) => `# Notes ${index}\n${'Use pnpm. Keep files small. Prefer pure functions.\n'.repeat(20)}`;
  const writes = [writeFile(path.join(home, 'ALFRED.md'), note(0)), writeFile(path.join(root, '.alfred-notes.md'), note(99))];
  for (let depth = 0; depth <= segments.length; depth += 1) {
    const folder = path.join(root, ...segments.slice(0, depth));
    writes.push(writeFile(path.join(folder, 'ALFRED.md'), `${note(depth)}\n@${path.relative(folder, path.join(root, '.alfred-notes.md'))}\n`));
    writes.push(writeFile(path.join(folder, 'AGENTS.md'), note(depth + 50)));
  }
  for (let index = 0; index < 200; index += 1) writes.push(writeFile(path.join(root, `file${index}.ts`), 'export {};\n'));
  for (let index = 0; index < 5; index += 1) {
    const skill = path.join(home, 'skills', `skill${index}`);
    await mkdir(skill, { recursive: true });
    writes.push(writeFile(path.join(skill, 'SKILL.md'), `---\nname: skill${index}\ndescription: Does thing ${index}\n---\nBody\n`));
  }
  await Promise.all(writes);
  return { base, root, deep, home };
}

export async function run(context: BenchContext): Promise<BenchSamples> {
  const repo = await repository();
  try {
    const paths = resolveAlfredPaths({ ALFRED_HOME: repo.home, HOME: path.dirname(repo.home) });
    const samples: number[] = [];
    for (let index = 0; index < Math.max(context.runs, 10); index += 1) {
      const workspace = await WorkspaceContext.create([repo.root]);
      const memory = new MemoryLoader({ alfredPaths: paths, cwd: repo.deep, workspaceRoot: repo.root, trusted: true });
      const builder = new SystemPromptBuilder({
        workspace,
        files: new FileDiscoveryService({ workspace }),
        memory,
        skills: new SkillCatalog({ directories: [{ path: paths.skills, scope: 'user' }] }),
        toolbox: { declarations: () => [], prepare: () => ({ error: 'none' }) },
        countTokens: estimatingCounter.count,
      });
      const start = process.hrtime.bigint();
      const text = await builder.build();
      samples.push(elapsedMs(start));
      if ((await memory.load()).length !== 21) throw new Error('expected 21 memory files');
      if (!text.includes('skill4')) throw new Error('the skills index is missing');
    }
    return { samples, note: '21 memory files (user + 10 levels × ALFRED.md and AGENTS.md, each importing a shared file), 5 skills, a 200-file tree, git status' };
  } finally {
    await rm(repo.base, { recursive: true, force: true });
  }
}
