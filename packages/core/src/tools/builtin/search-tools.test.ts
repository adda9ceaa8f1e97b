import { spawnSync } from 'node:child_process';
import { symlink, utimes } from 'node:fs/promises';
import { tempWorkspace, type FileTree } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { FileDiscoveryService } from '../../workspace/file-discovery.js';
import { WorkspaceContext } from '../../workspace/workspace-context.js';
import type { DeclarativeTool } from '../declarative-tool.js';
import { findRipgrep } from '../search/ripgrep.js';
import { GlobTool, MAX_GLOB_RESULTS } from './glob.js';
import { GrepTool, type GrepEngineChoice } from './grep.js';
import { LsTool } from './ls.js';

const tree: FileTree = {
  '.gitignore': 'dist/\n',
  'src/.alfredignore': 'private.ts\n',
  'src/app.ts': 'import x from "y";\nexport function main() {\n  return TODO_fix;\n}\n',
  'src/private.ts': 'TODO_fix secret\n',
  'src/lib/util.ts': 'export const todo_fix = 1;\n',
  'dist/app.js': 'TODO_fix in build output\n',
  'README.md': 'TODO_fix docs\n',
};

const hasGit = spawnSync('git', ['--version']).status === 0;
const engines = (['ripgrep', 'git', 'js'] as const).filter((engine) => (engine === 'ripgrep' ? findRipgrep() !== null : engine === 'git' ? hasGit : true));

async function setup(files: FileTree, engine: GrepEngineChoice = 'auto') {
  const ws = await tempWorkspace({ files });
  // git grep searches a repository (untracked files included), so its runs get one.
  if (engine === 'git') spawnSync('git', ['init', '-q'], { cwd: ws.root });
  const workspace = await WorkspaceContext.create([ws.root]);
  const context = { workspace, files: new FileDiscoveryService({ workspace }) };
  const run = async (tool: DeclarativeTool, args: unknown) => {
    const built = tool.build(args);
    if (!built.ok) throw new Error(built.error);
    return built.invocation.execute(new AbortController().signal);
  };
  return { ws, run, glob: new GlobTool({ ...context, engine }), grep: new GrepTool({ ...context, engine }), ls: new LsTool(context) };
}

describe.each(engines)('glob (%s)', (engine) => {
  it('finds files newest first, without ignored ones', async () => {
    const { ws, run, glob } = await setup(tree, engine);
    await using _ = ws;
    await utimes(ws.path('src/lib/util.ts'), new Date(), new Date(Date.now() + 60_000));
    const result = await run(glob, { pattern: '**/*.ts' });
    expect(result.llmContent).toBe('2 file(s) match **/*.ts, newest first:\nsrc/lib/util.ts\nsrc/app.ts');
    expect((await run(glob, { pattern: '*.js' })).llmContent).toContain('No files match');
    expect((await run(glob, { pattern: '*', path: '../' })).error?.type).toBe('path_not_in_workspace');
  });

  it('applies the root .gitignore and .alfredignore rules inside a subfolder', async () => {
    const { ws, run, glob } = await setup({ ...tree, '.gitignore': 'dist/\n*.gen.ts\n', 'src/model.gen.ts': 'g', 'src/lib/.alfredignore': 'hidden/\n', 'src/lib/hidden/x.ts': 'x' }, engine);
    await using _ = ws;
    const result = await run(glob, { pattern: '*.ts', path: 'src' });
    expect(result.llmContent).toContain('2 file(s) match');
    expect(result.llmContent).not.toMatch(/model\.gen|private|hidden/);
  });

  it('caps the list at the newest 500 and says how many were left out', async () => {
    const many = Object.fromEntries(Array.from({ length: MAX_GLOB_RESULTS + 2 }, (_, index) => [`src/file${index}.ts`, 'x']));
    const { ws, run, glob } = await setup(many, engine);
    await using _ = ws;
    await utimes(ws.path('src/file7.ts'), new Date(), new Date(Date.now() + 60_000));
    const text = String((await run(glob, { pattern: '*.ts' })).llmContent);
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual([`${MAX_GLOB_RESULTS + 2} file(s) match *.ts, newest first:`, 'src/file7.ts']);
    expect(lines).toHaveLength(MAX_GLOB_RESULTS + 2);
    expect(lines.at(-1)).toBe('[2 more not shown; narrow the pattern or path.]');
  });

  it('answers a cancelled search as cancelled', async () => {
    const { ws, glob } = await setup(tree, engine);
    await using _ = ws;
    const built = glob.build({ pattern: '**/*.ts' });
    if (!built.ok) throw new Error(built.error);
    const controller = new AbortController();
    controller.abort();
    expect((await built.invocation.execute(controller.signal)).error?.type).toBe('cancelled');
  });

  it('does not follow a symlink cycle', async () => {
    const { ws, run, glob } = await setup({ 'a/file.txt': 'x' }, engine);
    await using _ = ws;
    await symlink(ws.path('a'), ws.path('a/loop'));
    expect((await run(glob, { pattern: '**/*.txt' })).llmContent).toContain('1 file(s)');
  });
});

describe('glob (js)', () => {
  it('finds files in a symlinked folder inside the workspace', async () => {
    const { ws, run, glob } = await setup({ 'packages/ui/button.ts': 'b' }, 'js');
    await using _ = ws;
    await symlink(ws.path('packages/ui'), ws.path('ui'));
    expect((await run(glob, { pattern: 'ui/*.ts' })).llmContent).toContain('ui/button.ts');
  });
});

describe.each(engines)('grep (%s)', (engine) => {
  it('finds matches with line numbers, honouring .gitignore and nested .alfredignore', async () => {
    const { ws, run, grep } = await setup(tree, engine);
    await using _ = ws;
    const result = await run(grep, { pattern: 'TODO_fix' });
    expect(result.llmContent).toContain('Found 2 matching line(s) in 2 file(s)');
    expect(result.llmContent).toContain('src/app.ts\n3: ');
    expect(result.llmContent).not.toContain('dist/');
    expect(result.llmContent).not.toContain('private.ts');
  });

  it('supports include, ignore_case and context', async () => {
    const { ws, run, grep } = await setup(tree, engine);
    await using _ = ws;
    const result = await run(grep, { pattern: 'todo_fix', include: '*.ts', ignore_case: true, context: 1 });
    expect(result.llmContent).toContain('Found 2 matching line(s)');
    expect(result.llmContent).toContain('2- export function main() {\n3: ');
    expect(result.llmContent).not.toContain('README');
  });

  it('caps a flood of matches and says so', async () => {
    const { ws, run, grep } = await setup({ 'many.txt': 'hit\n'.repeat(1000) }, engine);
    await using _ = ws;
    const result = await run(grep, { pattern: 'hit' });
    expect(result.llmContent).toContain('Stopped at 200 matching lines');
  });
});

describe('grep arguments', () => {
  it('refuses an invalid regular expression before running', async () => {
    const { ws, grep } = await setup({});
    await using _ = ws;
    expect(grep.build({ pattern: 'a(' })).toMatchObject({ ok: false, error: expect.stringContaining('not a valid regular expression') });
  });
});

describe('ls', () => {
  it('lists folders first and counts ignored entries', async () => {
    const { ws, run, ls } = await setup(tree);
    await using _ = ws;
    const result = await run(ls, {});
    expect(result.llmContent).toContain('src/\n.gitignore\nREADME.md');
    expect(result.llmContent).toContain('1 ignored entry hidden');
    expect((await run(ls, { path: 'README.md' })).error?.type).toBe('not_a_directory');
  });
});
