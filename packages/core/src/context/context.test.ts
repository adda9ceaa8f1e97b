import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { estimatingCounter } from '../history/token-counter.js';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import { directoryTree } from './environment.js';
import { MemoryLoader } from './memory-files.js';
import { SkillCatalog, skillDirectories } from './skills.js';
import { assembleSystemPrompt } from './system-prompt.js';

describe('memory files', () => {
  it('reads user memory, then the repository root down to cwd, then .alfred/ALFRED.md, with imports', async () => {
    await using workspace = await tempWorkspace({
      files: {
        'ALFRED.md': 'root rules\n@docs/style.md\n',
        'docs/style.md': 'use tabs',
        'packages/app/AGENTS.md': 'app rules',
        '.alfred/ALFRED.md': 'workspace notes',
      },
    });
    await mkdir(workspace.path('.git'));
    const alfredPaths = resolveAlfredPaths({ ALFRED_HOME: workspace.alfredHome, HOME: path.dirname(workspace.alfredHome) });
    await workspace.write({ '../home/.alfred/ALFRED.md': 'user prefers short answers' });
    const loader = new MemoryLoader({ alfredPaths, cwd: workspace.path('packages/app'), workspaceRoot: workspace.root, trusted: true });
    const files = await loader.load();
    expect(files.map((file) => [file.scope, path.relative(workspace.root, file.path)])).toEqual([
      ['user', '../home/.alfred/ALFRED.md'],
      ['project', 'ALFRED.md'],
      ['project', 'packages/app/AGENTS.md'],
      ['workspace', '.alfred/ALFRED.md'],
    ]);
    expect(files[1]!.content).toContain('use tabs');
  });

  it('stops import cycles and refuses imports outside an untrusted workspace', async () => {
    await using workspace = await tempWorkspace({ files: { 'ALFRED.md': '@a.md\n@../secret.md', 'a.md': 'A\n@b.md', 'b.md': 'B\n@a.md' } });
    await workspace.write({ '../secret.md': 'outside secret' });
    const alfredPaths = resolveAlfredPaths({ ALFRED_HOME: workspace.alfredHome });
    const loader = new MemoryLoader({ alfredPaths, cwd: workspace.root, workspaceRoot: workspace.root, trusted: false });
    const [file] = await loader.load();
    expect(file!.content).toContain('A');
    expect(file!.content).toContain('B');
    expect(file!.content).not.toContain('outside secret');
    expect(file!.skipped.map((skip) => skip.reason)).toEqual([
      expect.stringContaining('cycle'),
      expect.stringContaining('not trusted'),
    ]);
  });

  it('sees an edited memory file on the next load', async () => {
    await using workspace = await tempWorkspace({ files: { 'ALFRED.md': 'first' } });
    const alfredPaths = resolveAlfredPaths({ ALFRED_HOME: workspace.alfredHome });
    const loader = new MemoryLoader({ alfredPaths, cwd: workspace.root, workspaceRoot: workspace.root, trusted: true });
    expect((await loader.load())[0]!.content).toBe('first');
    await new Promise((resolve) => setTimeout(resolve, 15));
    await workspace.write({ 'ALFRED.md': 'second, longer' });
    expect((await loader.load())[0]!.content).toBe('second, longer');
  });
});

describe('skills', () => {
  it('lists name and description from front matter and loads the body with the other files', async () => {
    await using workspace = await tempWorkspace({
      files: {
        '.alfred/skills/release/SKILL.md': '---\nname: release\ndescription: Cut a release of the package\n---\n# Steps\n1. bump\n',
        '.alfred/skills/release/checklist.md': '- tag',
      },
    });
    const directories = skillDirectories({ workspaceSkills: workspace.path('.alfred/skills'), userSkills: path.join(workspace.alfredHome, 'skills'), trusted: true });
    const catalog = new SkillCatalog({ directories });
    expect(await catalog.list()).toMatchObject([{ name: 'release', description: 'Cut a release of the package', scope: 'workspace' }]);
    const body = await catalog.load('release');
    expect(body).toContain('1. bump');
    expect(body).not.toContain('description:');
    expect(body).toContain('checklist.md');
    const untrusted = new SkillCatalog({ directories: skillDirectories({ workspaceSkills: workspace.path('.alfred/skills'), userSkills: '/nonexistent', trusted: false }) });
    expect(await untrusted.list()).toEqual([]);
  });
});

describe('system prompt', () => {
  it('assembles instructions, environment, memory and skills and counts each part', async () => {
    await using workspace = await tempWorkspace({ files: { 'src/a.ts': '', 'README.md': '' } });
    const tree = await directoryTree(workspace.root, 10);
    expect(tree.split('\n')).toEqual(['README.md', 'src/', 'src/a.ts']);
    const prompt = assembleSystemPrompt({
      environment: tree,
      memory: [{ path: '/w/ALFRED.md', scope: 'project', content: 'Always run pnpm test.', imports: [], skipped: [] }],
      skills: [{ name: 'release', description: 'Cut a release', scope: 'user', path: '/s' }],
      toolDeclarations: JSON.stringify([{ name: 'read_file' }]),
      countTokens: estimatingCounter.count,
    });
    expect(prompt.text).toContain('Always run pnpm test.');
    expect(prompt.text).toContain('- release: Cut a release');
    expect(prompt.parts.map((part) => part.name)).toEqual(['instructions', 'environment', 'memory', 'skills', 'tools']);
    expect(prompt.parts.every((part) => part.tokens > 0)).toBe(true);
  });
});
