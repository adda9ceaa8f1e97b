import { utimes } from 'node:fs/promises';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { DatedFiles } from './newest-first.js';

async function dated(times: Record<string, number>) {
  const ws = await tempWorkspace({ files: Object.fromEntries(Object.keys(times).map((name) => [name, name])) });
  const files = new DatedFiles();
  for (const [name, seconds] of Object.entries(times)) {
    await utimes(ws.path(name), seconds, seconds);
    files.add(name, ws.path(name));
  }
  return { ws, files };
}

describe('DatedFiles', () => {
  it('lists only the newest few, newest first, equal times by name', async () => {
    const { ws, files } = await dated({ 'old.ts': 1_000, 'b.ts': 5_000, 'a.ts': 5_000, 'newest.ts': 9_000, 'middle.ts': 3_000 });
    await using _ = ws;
    expect(files.newest(3)).toEqual(['newest.ts', 'a.ts', 'b.ts']);
    expect(files.newest(10)).toEqual(['newest.ts', 'a.ts', 'b.ts', 'middle.ts', 'old.ts']);
    expect(files.newest(0)).toEqual([]);
  });

  it('cuts between files with the same time by name', async () => {
    const { ws, files } = await dated({ 'c.ts': 7_000, 'a.ts': 7_000, 'b.ts': 7_000, 'd.ts': 1_000 });
    await using _ = ws;
    expect(files.newest(2)).toEqual(['a.ts', 'b.ts']);
  });

  it('lists a file that vanished before it was statted last, and drops files it is told to', async () => {
    const { ws, files } = await dated({ 'kept.ts': 2_000, 'ignored.ts': 8_000 });
    await using _ = ws;
    files.add('gone.ts', ws.path('gone.ts'));
    expect(files.newest(5)).toEqual(['ignored.ts', 'kept.ts', 'gone.ts']);
    files.retain((file) => file !== 'ignored.ts');
    expect(files.size).toBe(2);
    expect(files.newest(5)).toEqual(['kept.ts', 'gone.ts']);
  });
});
