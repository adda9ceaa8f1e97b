import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import type { KeytarModule } from './keychain-key-store.js';
import { openKeyStore } from './open-key-store.js';

/** A stand-in keychain with keytar's interface, for the chooser's decisions. */
function memoryKeytar(): KeytarModule {
  const entries = new Map<string, string>();
  return {
    getPassword: async (_service, account) => entries.get(account) ?? null,
    setPassword: async (_service, account, password) => void entries.set(account, password),
    deletePassword: async (_service, account) => entries.delete(account),
    findCredentials: async () => [...entries].map(([account, password]) => ({ account, password })),
  };
}

describe('openKeyStore', () => {
  it('uses the keychain when it answers', async () => {
    await using ws = await tempWorkspace();
    const opened = await openKeyStore({ paths: resolveAlfredPaths({ ALFRED_HOME: ws.alfredHome }), env: {}, loadKeytar: async () => memoryKeytar() });
    expect(opened.store.kind).toBe('keychain');
    await opened.store.set('anthropic', 'sk-1234567890');
    expect(await opened.store.list()).toEqual(['anthropic']);
  });

  it('falls back to the encrypted file when keytar is missing, and says why', async () => {
    await using ws = await tempWorkspace();
    const opened = await openKeyStore({
      paths: resolveAlfredPaths({ ALFRED_HOME: ws.alfredHome }),
      env: {},
      loadKeytar: () => Promise.reject(new Error("Cannot find package 'keytar'")),
    });
    expect(opened.store.kind).toBe('file');
    expect(opened.fallbackReason).toMatch(/keytar is not installed .*Cannot find package/);
  });

  it('falls back to the encrypted file when the keychain hangs past the probe timeout', async () => {
    await using ws = await tempWorkspace();
    const hanging: KeytarModule = { ...memoryKeytar(), findCredentials: () => new Promise(() => {}) };
    const opened = await openKeyStore({ paths: resolveAlfredPaths({ ALFRED_HOME: ws.alfredHome }), env: {}, probeTimeoutMs: 20, loadKeytar: async () => hanging });
    expect(opened.store.kind).toBe('file');
    expect(opened.fallbackReason).toBe('the keychain did not answer within 20 ms');
  });

  it('honours ALFRED_CREDENTIALS_STORE, and fails loudly when the keychain was demanded but is missing', async () => {
    await using ws = await tempWorkspace();
    const paths = resolveAlfredPaths({ ALFRED_HOME: ws.alfredHome });
    const forcedFile = await openKeyStore({ paths, env: { ALFRED_CREDENTIALS_STORE: 'file' }, loadKeytar: async () => memoryKeytar() });
    expect(forcedFile.store.kind).toBe('file');
    const demanded = openKeyStore({ paths, env: { ALFRED_CREDENTIALS_STORE: 'keychain' }, loadKeytar: () => Promise.reject(new Error('gone')) });
    await expect(demanded).rejects.toThrow(/ALFRED_CREDENTIALS_STORE=keychain, but keytar is not installed/);
    await expect(openKeyStore({ paths, env: { ALFRED_CREDENTIALS_STORE: 'vault' } })).rejects.toThrow(/must be "keychain", "file" or "auto"/);
  });
});

const FIXTURE = fileURLToPath(new URL('./keychain.fixture.ts', import.meta.url));
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
const keytarBuilt = await import('keytar' as string).then(() => true, () => false);
const skipReason =
  missing.length > 0
    ? `keychain test skipped: ${missing.join(' and ')} not installed (apt-get install dbus gnome-keyring)`
    : !keytarBuilt
      ? 'keychain test skipped: the optional keytar module is not built (apt-get install libsecret-1-dev, then pnpm rebuild keytar)'
      : undefined;
if (skipReason) console.log(skipReason);

describe('the keychain store against a real Secret Service', () => {
  it.skipIf(skipReason !== undefined)('stores, lists and deletes a key in gnome-keyring over D-Bus', async () => {
    await using ws = await tempWorkspace();
    // gnome-keyring keeps its keyrings under $HOME, so HOME points into the temp workspace.
    const home = path.dirname(ws.alfredHome);
    const script = `printf 'alfred-test' | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"`;
    const node = [process.execPath, '--conditions=development', '--import', 'tsx', FIXTURE];
    const { stdout } = await promisify(execFile)('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...node], {
      env: { ...ws.env(), HOME: home, XDG_DATA_HOME: path.join(home, '.local/share'), DISPLAY: '' },
      cwd: path.dirname(FIXTURE),
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      kind: 'keychain',
      got: 'sk-keychain-test-9876',
      listed: ['alfred-test-provider'],
      deleted: true,
      afterDelete: null,
    });
  });
});
