import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { FileDiscoveryService } from './file-discovery.js';
import { WorkspaceContext } from './workspace-context.js';

const tree = {
  '.gitignore': 'dist/\n*.log\n',
  '.alfredignore': 'secrets/\n',
  'src/a.ts': 'a',
  'src/keep.log': 'x',
  'src/.gitignore': '!keep.log\ngenerated.ts\n',
  'src/generated.ts': 'g',
  'dist/out.js': 'o',
  'debug.log': 'l',
  'secrets/key': 'k',
  '.git/HEAD': 'ref',
  '.env.example': 'e',
};

describe('FileDiscoveryService', () => {
  it('honours nested .gitignore files, .alfredignore and never lists .git', async () => {
    await using ws = await tempWorkspace({ files: tree });
    const workspace = await WorkspaceContext.create([ws.root]);
    const files = new FileDiscoveryService({ workspace });
    const listed = (await files.crawl(ws.root)).map((file) => file.slice(ws.root.length + 1)).sort();
    expect(listed).toEqual(['.alfredignore', '.env.example', '.gitignore', 'src/.gitignore', 'src/a.ts', 'src/keep.log']);
    expect(await files.isIgnored(ws.path('dist/out.js'))).toBe(true);
    expect(await files.isIgnored(ws.path('src/keep.log'))).toBe(false);
    expect(await files.isIgnored(ws.path('secrets/key'))).toBe(true);
  });

  it('lists ignored files when told not to respect the ignore files', async () => {
    await using ws = await tempWorkspace({ files: tree });
    const workspace = await WorkspaceContext.create([ws.root]);
    const files = new FileDiscoveryService({ workspace, respectGitIgnore: false, respectAlfredIgnore: false });
    const listed = (await files.crawl(ws.root)).map((file) => file.slice(ws.root.length + 1));
    expect(listed).toContain('dist/out.js');
    expect(listed).toContain('secrets/key');
    expect(listed).not.toContain('.git/HEAD');
  });

  it('sees new files after invalidate()', async () => {
    await using ws = await tempWorkspace({ files: { 'a.txt': 'a' } });
    const workspace = await WorkspaceContext.create([ws.root]);
    const files = new FileDiscoveryService({ workspace });
    expect(await files.crawl(ws.root)).toHaveLength(1);
    await ws.write({ 'b.txt': 'b' });
    expect(await files.crawl(ws.root)).toHaveLength(1);
    files.invalidate();
    expect(await files.crawl(ws.root)).toHaveLength(2);
  });

  it('applies the rules of the folders above when crawling a subfolder', async () => {
    await using ws = await tempWorkspace({ files: tree });
    const workspace = await WorkspaceContext.create([ws.root]);
    const files = new FileDiscoveryService({ workspace });
    await ws.write({ 'src/debug.log': 'l', 'src/deep/trace.log': 't', 'src/deep/b.ts': 'b' });
    const listed = (await files.crawl(ws.path('src'))).map((file) => path.relative(ws.root, file));
    expect(listed).toEqual(['src/.gitignore', 'src/a.ts', 'src/deep/b.ts', 'src/keep.log']);
  });

  it('follows symlinked folders that stay inside the workspace, but not out of it or round a cycle', async () => {
    await using ws = await tempWorkspace({ files: { 'shared/lib.ts': 'l', 'app/main.ts': 'm' } });
    const outside = path.join(path.dirname(ws.root), `${path.basename(ws.root)}-outside`);
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'secret.txt'), 's');
    await symlink(ws.path('shared'), ws.path('app/shared'));
    await symlink(outside, ws.path('app/outside'));
    await symlink(ws.path('app'), ws.path('shared/back-to-app'));
    const workspace = await WorkspaceContext.create([ws.root]);
    const files = new FileDiscoveryService({ workspace });
    const listed = (await files.crawl(ws.path('app'))).map((file) => path.relative(ws.root, file));
    expect(listed).toEqual(['app/main.ts', 'app/shared/lib.ts']);
    const all = (await files.crawl(ws.root)).map((file) => path.relative(ws.root, file));
    expect(all).toEqual(['app/main.ts', 'app/shared/lib.ts', 'shared/back-to-app/main.ts', 'shared/lib.ts']);
  });
});
