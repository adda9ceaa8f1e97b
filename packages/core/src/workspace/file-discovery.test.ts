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
});
