import { FileDiscoveryService, WorkspaceContext } from '@alfred/core';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { PathCompleter } from './path-completion.js';

describe('@ path completion', () => {
  it('ranks path prefixes, then file names, then fuzzy matches, and leaves ignored files out', async () => {
    await using workspace = await tempWorkspace({
      files: {
        'src/app.ts': '',
        'src/api/client.ts': '',
        'docs/app-notes.md': '',
        'build/app.js': '',
        '.gitignore': 'build/\n',
      },
    });
    const context = await WorkspaceContext.create([workspace.root]);
    const completer = new PathCompleter({ root: context.root, files: new FileDiscoveryService({ workspace: context }) });
    const signal = new AbortController().signal;
    expect((await completer.complete('src/a', signal)).slice(0, 3)).toEqual(['src/api/', 'src/app.ts', 'src/api/client.ts']);
    expect(await completer.complete('app', signal)).toEqual(['src/app.ts', 'docs/app-notes.md']);
    expect(await completer.complete('scl', signal)).toEqual(['src/api/client.ts']);
    expect(await completer.complete('build', signal)).toEqual([]);
  });
});
