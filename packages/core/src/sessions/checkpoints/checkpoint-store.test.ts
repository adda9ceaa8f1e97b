import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tempWorkspace, type TempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { resolveAlfredPaths } from '../../workspace/alfred-home.js';
import { resolveSessionPaths } from '../session-paths.js';
import { CheckpointStore } from './checkpoint-store.js';

function storeFor(ws: TempWorkspace, options: { sessionId?: string; maxFileBytes?: number } = {}): CheckpointStore {
  const paths = resolveSessionPaths(resolveAlfredPaths(ws.env()), ws.root);
  return new CheckpointStore({ workspaceRoot: ws.root, gitDir: paths.checkpointsGitDir, ...options });
}

const prompt = (text: string): IContent => ({ speaker: 'human', blocks: [{ type: 'text', text }] });
const answer = (text: string): IContent => ({ speaker: 'ai', blocks: [{ type: 'text', text }] });

async function read(ws: TempWorkspace, file: string): Promise<string> {
  return readFile(ws.path(file), 'utf8');
}

describe('CheckpointStore', () => {
  it('rolls back a write, an edit and a shell command together, deleting files created since', async () => {
    await using ws = await tempWorkspace({ files: { 'src/app.ts': 'v1\n', 'README.md': 'readme\n', '.gitignore': 'dist/\n' } });
    const checkpoints = storeFor(ws, { sessionId: 's1' });
    const history = [prompt('first'), answer('ok'), prompt('change things')];

    const beforeEdit = await checkpoints.snapshot({ tool: 'edit', paths: ['src/app.ts'], history, description: 'Edit src/app.ts' });
    await writeFile(ws.path('src/app.ts'), 'v2\n');
    await checkpoints.snapshot({ tool: 'write_file', paths: [ws.path('src/new.ts')], history });
    await writeFile(ws.path('src/new.ts'), 'created\n');
    await checkpoints.snapshot({ tool: 'shell', history, description: 'Run sed and a generator' });
    execFileSync('sh', ['-c', "sed -i 's/readme/changed by sed/' README.md && mkdir -p gen/deep && echo x > gen/deep/out.txt && mkdir -p dist && echo b > dist/bundle.js"], { cwd: ws.root });

    const listed = await checkpoints.list();
    expect(listed.map((checkpoint) => [checkpoint.tool, checkpoint.scope, checkpoint.files])).toEqual([
      ['edit', 'files', ['src/app.ts']],
      ['write_file', 'files', ['src/new.ts']],
      ['shell', 'workspace', []],
    ]);
    expect(listed[0]).toMatchObject({ historyLength: 2, prompt: 'change things', description: 'Edit src/app.ts', sessionId: 's1' });

    const result = await checkpoints.restore(beforeEdit.id.slice(0, 10));
    expect(result.historyLength).toBe(2);
    expect(result.prompt).toBe('change things');
    expect(await read(ws, 'src/app.ts')).toBe('v1\n');
    expect(await read(ws, 'README.md')).toBe('readme\n');
    expect(existsSync(ws.path('src/new.ts'))).toBe(false);
    expect(existsSync(ws.path('gen'))).toBe(false);
    expect(await read(ws, 'dist/bundle.js')).toBe('b\n'); // ignored by .gitignore: not alfred's to roll back
    expect(result.deleted).toEqual(['gen/deep/out.txt', 'src/new.ts']);
    expect(result.restored).toEqual(['README.md', 'src/app.ts']);
  });

  it('restores over a later manual edit, outside any git repository, without touching a user repository', async () => {
    await using ws = await tempWorkspace({ files: { 'notes.txt': 'original\n' } });
    const checkpoints = storeFor(ws);
    const checkpoint = await checkpoints.snapshot({ tool: 'edit', paths: ['notes.txt'], history: [prompt('edit notes')] });
    await writeFile(ws.path('notes.txt'), 'by the tool\n');
    await writeFile(ws.path('notes.txt'), 'by the tool, then by hand\n');
    await checkpoints.restore(checkpoint.id);
    expect(await read(ws, 'notes.txt')).toBe('original\n');
    expect(existsSync(ws.path('.git'))).toBe(false);
  });

  it('leaves the user repository, its index and HEAD alone', async () => {
    await using ws = await tempWorkspace({ files: { 'a.txt': 'one\n' } });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ws.root, encoding: 'utf8', env: ws.env() });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', 'a.txt');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'init');
    await writeFile(ws.path('b.txt'), 'untracked\n');
    const statusBefore = git('status', '--porcelain');
    const head = git('rev-parse', 'HEAD');
    const checkpoints = storeFor(ws);
    const checkpoint = await checkpoints.snapshot({ tool: 'shell', history: [prompt('go')] });
    await writeFile(ws.path('a.txt'), 'two\n');
    await checkpoints.restore(checkpoint.id);
    expect(await read(ws, 'a.txt')).toBe('one\n');
    expect(await read(ws, 'b.txt')).toBe('untracked\n');
    expect(git('status', '--porcelain')).toBe(statusBefore);
    expect(git('rev-parse', 'HEAD')).toBe(head);
  });

  it('rewinds the last turn only, and skips files over the size cap with a note', async () => {
    await using ws = await tempWorkspace({ files: { 'a.txt': 'a0\n', 'big.bin': 'x'.repeat(200) } });
    const checkpoints = storeFor(ws, { maxFileBytes: 100 });
    const turnOne = [prompt('one')];
    await checkpoints.snapshot({ tool: 'edit', paths: ['a.txt'], history: turnOne });
    await writeFile(ws.path('a.txt'), 'a1\n');
    const turnTwo = [...turnOne, answer('done'), prompt('two')];
    const second = await checkpoints.snapshot({ tool: 'edit', paths: ['a.txt', 'big.bin', '../outside.txt'], history: turnTwo });
    expect(second.skipped).toEqual(['big.bin', '../outside.txt']);
    await writeFile(ws.path('a.txt'), 'a2\n');
    const shell = await checkpoints.snapshot({ tool: 'shell', history: turnTwo });
    expect(shell.skipped).toEqual(['big.bin']);
    await writeFile(ws.path('a.txt'), 'a3\n');

    const rewound = await checkpoints.rewind([...turnTwo, answer('done again')]);
    expect(rewound).toMatchObject({ historyLength: 2, prompt: 'two' });
    expect(await read(ws, 'a.txt')).toBe('a1\n');
    expect(await read(ws, 'big.bin')).toHaveLength(200);

    const nothing = await checkpoints.rewind([...turnTwo, answer('x'), prompt('three')]);
    expect(nothing).toMatchObject({ historyLength: 4, restored: [], deleted: [] });
    await expect(checkpoints.restore('0000000')).rejects.toThrow(/no checkpoint/);
  });
});
