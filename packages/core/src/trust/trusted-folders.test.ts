import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { headlessTrustRefusal, mayUseWorkspaceItem, usableWorkspaceItems, WORKSPACE_ITEMS } from './trust-gating.js';
import { TrustedFolders } from './trusted-folders.js';

describe('trusted folders', () => {
  it('asks about a folder never seen, and remembers each of the three answers', async () => {
    await using ws = await tempWorkspace();
    const project = ws.path('projects/app');
    const folders = await TrustedFolders.load({ alfredHome: ws.alfredHome });
    expect(folders.trustOf(project)).toBe('unknown');

    await folders.setTrust(project, 'TRUST_FOLDER');
    expect(folders.trustOf(project)).toBe('trusted');
    expect(folders.trustOf(path.join(project, 'src'))).toBe('trusted');
    expect(folders.trustOf(ws.path('projects/other'))).toBe('unknown');

    await folders.setTrust(ws.path('projects/lib'), 'TRUST_PARENT');
    expect(folders.trustOf(ws.path('projects/other'))).toBe('trusted');

    await folders.setTrust(path.join(project, 'vendor'), 'DO_NOT_TRUST');
    expect(folders.trustOf(path.join(project, 'vendor', 'x'))).toBe('untrusted');
    expect(folders.trustOf(project)).toBe('trusted');
  });

  it('saves to $ALFRED_HOME/trustedFolders.json with mode 0600 and reads it back', async () => {
    await using ws = await tempWorkspace();
    const folders = await TrustedFolders.load({ alfredHome: ws.alfredHome });
    await folders.setTrust(ws.root, 'TRUST_FOLDER');
    const file = path.join(ws.alfredHome, 'trustedFolders.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ [ws.root]: 'TRUST_FOLDER' });
    const reloaded = await TrustedFolders.load({ alfredHome: ws.alfredHome });
    expect(reloaded.trustOf(ws.root)).toBe('trusted');
  });

  it('names the file and the entry when the file is wrong', async () => {
    await using ws = await tempWorkspace();
    await writeFile(path.join(ws.alfredHome, 'trustedFolders.json'), '{"relative/path": "TRUST_FOLDER"}');
    await expect(TrustedFolders.load({ alfredHome: ws.alfredHome })).rejects.toThrow(/trustedFolders.json: entry "relative\/path"/);
  });
});

describe('trust gating', () => {
  it('uses every workspace item in a trusted folder and none otherwise', () => {
    for (const item of WORKSPACE_ITEMS) {
      expect(mayUseWorkspaceItem(item, 'trusted'), item).toBe(true);
      expect(mayUseWorkspaceItem(item, 'untrusted'), item).toBe(false);
      expect(mayUseWorkspaceItem(item, 'unknown'), item).toBe(false);
    }
    expect(usableWorkspaceItems('trusted').size).toBe(8);
  });

  it('stops headless mode in an untrusted folder unless --trust is given', () => {
    expect(headlessTrustRefusal('/w', 'unknown', { trustFlag: false })).toMatch(/--trust/);
    expect(headlessTrustRefusal('/w', 'untrusted', { trustFlag: false })).toMatch(/not trusted/);
    expect(headlessTrustRefusal('/w', 'unknown', { trustFlag: true })).toBeUndefined();
    expect(headlessTrustRefusal('/w', 'trusted', { trustFlag: false })).toBeUndefined();
  });
});
