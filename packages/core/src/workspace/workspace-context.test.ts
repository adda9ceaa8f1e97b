import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { WorkspaceContext } from './workspace-context.js';

describe('WorkspaceContext', () => {
  it('admits relative and absolute paths inside and refuses paths outside', async () => {
    await using ws = await tempWorkspace({ files: { 'src/a.ts': 'a' } });
    const workspace = await WorkspaceContext.create([ws.root]);
    const inside = await workspace.resolve('src/a.ts');
    expect(inside).toMatchObject({ ok: true, realPath: ws.path('src/a.ts') });
    expect(await workspace.resolve(ws.path('src/new/file.ts'))).toMatchObject({ ok: true });
    const outside = await workspace.resolve('../../etc/passwd');
    expect(outside).toMatchObject({ ok: false, problem: 'outside_workspace' });
    expect(await workspace.resolve('/etc/passwd')).toMatchObject({ ok: false, problem: 'outside_workspace' });
  });

  it('refuses a sibling directory whose name starts with the workspace name', async () => {
    await using ws = await tempWorkspace();
    const sibling = `${ws.root}-secrets`;
    await mkdir(sibling);
    await writeFile(path.join(sibling, 'key'), 'secret');
    const workspace = await WorkspaceContext.create([ws.root]);
    expect(await workspace.resolve(path.join(sibling, 'key'))).toMatchObject({ ok: false, problem: 'outside_workspace' });
  });

  it('follows symlinks, including one to a file outside that does not exist yet', async () => {
    await using ws = await tempWorkspace();
    const outsideDir = path.dirname(ws.alfredHome);
    await ws.write({ 'out-link': { symlink: outsideDir }, 'future-link': { symlink: path.join(outsideDir, 'not-yet.txt') } });
    const workspace = await WorkspaceContext.create([ws.root]);
    const viaDir = await workspace.resolve('out-link/anything.txt');
    expect(viaDir).toMatchObject({ ok: false, problem: 'outside_workspace' });
    if (!viaDir.ok) expect(viaDir.message).toContain('through a symlink');
    expect(await workspace.resolve('future-link')).toMatchObject({ ok: false, problem: 'outside_workspace' });
  });

  it('ends a symlink cycle with a clear error instead of hanging', async () => {
    await using ws = await tempWorkspace();
    await symlink(ws.path('b'), ws.path('a'));
    await symlink(ws.path('a'), ws.path('b'));
    const workspace = await WorkspaceContext.create([ws.root]);
    const result = await workspace.resolve('a/file.txt');
    expect(result).toMatchObject({ ok: false, problem: 'symlink_loop' });
  });

  it('admits paths in a directory added later, and only there', async () => {
    await using ws = await tempWorkspace({ files: { 'one/x': '1', 'two/y': '2' } });
    const workspace = await WorkspaceContext.create([ws.path('one')]);
    expect(await workspace.resolve(ws.path('two/y'))).toMatchObject({ ok: false });
    await workspace.addDirectory(ws.path('two'));
    expect(await workspace.resolve(ws.path('two/y'))).toMatchObject({ ok: true, directory: ws.path('two') });
  });
});
