import { readFile } from 'node:fs/promises';
import { startMockLlmServer, tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { ProviderManager } from '../providers/manager.js';
import { planProject } from './plan-project.js';
import { formatPlanTree, planProblems } from './project-plan.js';
import { writeProject } from './write-project.js';

const plan = {
  folderName: 'hello-cli',
  description: 'A greeting CLI',
  files: [
    { path: 'package.json', content: '{"name":"hello-cli"}\n' },
    { path: 'src/index.js', content: 'console.log("hello");\n' },
  ],
  setupCommands: ['npm install'],
};

describe('alfred new', () => {
  it('gets a plan from the model through structured output and previews it as a tree', async () => {
    const mock = await startMockLlmServer();
    try {
      mock.enqueue({ toolCalls: [{ name: 'create_project', arguments: plan, chunks: 4 }] });
      const providers = new ProviderManager({ provider: 'openai', model: 'gpt-4.1', env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: mock.baseUrls.openai } });
      const result = await planProject(providers, 'gpt-4.1', 'a greeting CLI', new AbortController().signal);
      expect(result).toEqual(plan);
      expect(formatPlanTree(result)).toBe('hello-cli/\n  package.json  (21 B)\n  src/\n    index.js  (22 B)\n2 files, 43 B');
    } finally {
      await mock.close();
    }
  });

  it('refuses plans that escape the folder and folders that are not empty', async () => {
    expect(planProblems({ ...plan, files: [{ path: '../evil.sh', content: '' }, { path: '/etc/x', content: '' }] })).toHaveLength(2);
    expect(planProblems({ ...plan, folderName: '../up' })).toHaveLength(1);
    await using workspace = await tempWorkspace({ files: { 'hello-cli/keep.txt': 'mine' } });
    await expect(writeProject(workspace.root, plan)).rejects.toThrow(/not empty/);
    expect(await readFile(workspace.path('hello-cli/keep.txt'), 'utf8')).toBe('mine');
  });

  it('writes every file under the new folder', async () => {
    await using workspace = await tempWorkspace();
    const folder = await writeProject(workspace.root, plan);
    expect(folder).toBe(workspace.path('hello-cli'));
    expect(await readFile(workspace.path('hello-cli/src/index.js'), 'utf8')).toBe('console.log("hello");\n');
  });
});
