import { spawn } from 'node:child_process';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import { loadSettings } from './load-settings.js';
import { SettingsError } from './settings-error.js';
import { updateSetting } from './update-setting.js';

const FIXTURE = fileURLToPath(new URL('./settings-writer.fixture.ts', import.meta.url));

/** Runs the writer fixture in its own node process; `shell` wraps it (for `ulimit`). */
function runWriter(args: string[], options: { uid?: number; gid?: number; prefix?: string } = {}): Promise<{ code: number | null; output: string }> {
  const node = [process.execPath, '--conditions=development', '--import', 'tsx', FIXTURE, ...args];
  const command = options.prefix ? ['sh', '-c', `${options.prefix}; exec "$@"`, 'sh', ...node] : node;
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], uid: options.uid, gid: options.gid, cwd: path.dirname(FIXTURE) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const COMMENTED = `{
  // Appearance, set by hand.
  "ui": {
    "theme": "dark", // I like it dark
    "maxFps": 30
  },

  /* Servers I use at work. */
  "mcpServers": {
    "git": { "command": "git-mcp" },
  },
  "myOwnNote": "unknown keys survive"
}
`;

describe('updateSetting', () => {
  it('changes only the edited line of a commented file', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': COMMENTED } });
    await updateSetting({ file: ws.path('settings.json'), scope: 'user', keyPath: 'ui.maxFps', value: 60 });
    const before = COMMENTED.split('\n');
    const after = (await readFile(ws.path('settings.json'), 'utf8')).split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [index]));
    expect(changed).toEqual([4]);
    expect(after[4]).toBe('    "maxFps": 60');
  });

  it('adds a new key in the file’s own indentation, keeping comments and unknown keys', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': COMMENTED.replaceAll('  ', '\t') } });
    const file = ws.path('settings.json');
    await updateSetting({ file, scope: 'user', keyPath: 'general.maxTurns', value: 20 });
    const text = await readFile(file, 'utf8');
    expect(text).toContain('\t"general": {\n\t\t"maxTurns": 20\n\t}');
    expect(text).toContain('// I like it dark');
    expect(text).toContain('/* Servers I use at work. */');
    expect(text).toContain('"myOwnNote": "unknown keys survive"');
  });

  it('removes a key when the value is undefined, leaving its neighbours and their comments', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': COMMENTED } });
    await updateSetting({ file: ws.path('settings.json'), scope: 'user', keyPath: 'ui.theme', value: undefined });
    const text = await readFile(ws.path('settings.json'), 'utf8');
    expect(text).not.toContain('"theme"');
    expect(text).toContain('"maxFps": 30');
    expect(text).toContain('// Appearance, set by hand.');
  });

  it('creates the file and its folder when missing, and keeps CRLF and a BOM when present', async () => {
    await using ws = await tempWorkspace({ files: { 'crlf.json': '\uFEFF{\r\n  "ui": {}\r\n}\r\n' } });
    await updateSetting({ file: ws.path('new/dir/settings.json'), scope: 'workspace', keyPath: 'ui.theme', value: 'light' });
    expect(JSON.parse(await readFile(ws.path('new/dir/settings.json'), 'utf8'))).toEqual({ ui: { theme: 'light' } });
    await updateSetting({ file: ws.path('crlf.json'), scope: 'user', keyPath: 'ui.theme', value: 'x' });
    const crlf = await readFile(ws.path('crlf.json'), 'utf8');
    expect(crlf.startsWith('\uFEFF{\r\n')).toBe(true);
    expect(crlf).not.toMatch(/[^\r]\n/);
  });

  it('refuses unknown keys, invalid values and keys the scope may not set, before touching the file', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': COMMENTED } });
    const file = ws.path('settings.json');
    const attempt = (keyPath: string, value: unknown, scope: 'user' | 'workspace' = 'user') =>
      updateSetting({ file, scope, keyPath, value }).then(() => undefined, (error: SettingsError) => [error.code, error.keyPath]);
    expect(await attempt('ui.colour', 'red')).toEqual(['unknown_key', 'ui.colour']);
    expect(await attempt('ui.maxFps', 'fast')).toEqual(['invalid_value', 'ui.maxFps']);
    expect(await attempt('mcpServers.git.timeoutMs', -1)).toEqual(['invalid_value', 'mcpServers.git.timeoutMs']);
    expect(await attempt('security.allowYolo', true, 'workspace')).toEqual(['invalid_value', 'security.allowYolo']);
    expect(await readFile(file, 'utf8')).toBe(COMMENTED);
  });

  it('never overwrites a file it cannot parse', async () => {
    const broken = '{ "ui": { "theme": "dark" ';
    await using ws = await tempWorkspace({ files: { 'settings.json': broken } });
    const error = await updateSetting({ file: ws.path('settings.json'), scope: 'user', keyPath: 'ui.theme', value: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).message).toMatch(/settings\.json:1:\d+: .*fix the file by hand first/);
    expect(await readFile(ws.path('settings.json'), 'utf8')).toBe(broken);
  });

  it('keeps the file’s permission bits', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': '{}' } });
    await chmod(ws.path('settings.json'), 0o600);
    await updateSetting({ file: ws.path('settings.json'), scope: 'user', keyPath: 'ui.theme', value: 'x' });
    expect((await stat(ws.path('settings.json'))).mode & 0o777).toBe(0o600);
  });

  it('leaves the original intact with a clear message when the file size limit (a full disk) stops the write', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': COMMENTED } });
    await ws.write({ 'huge.json': JSON.stringify('x'.repeat(200_000)) });
    // A file size limit stands in for a full disk: it applies to root too, unlike a chmod. The
    // writer handles SIGXFSZ, so the write fails with EFBIG, as it would with ENOSPC.
    const result = await runWriter(['set', ws.path('settings.json'), 'ui.theme', `@${ws.path('huge.json')}`], { prefix: 'ulimit -f 128' });
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/"code":"write_failed".*file size limit was reached.*left as it was/);
    expect(await readFile(ws.path('settings.json'), 'utf8')).toBe(COMMENTED);
    expect((await readdir(ws.root)).sort()).toEqual(['huge.json', 'settings.json']);
  });

  it('leaves the original intact with a clear message when the folder is read-only', async () => {
    await using ws = await tempWorkspace({ files: { 'conf/settings.json': COMMENTED } });
    await chmod(ws.path('conf'), 0o555);
    // root ignores permission bits; run the writer as an unprivileged user then.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      for (let dir = ws.path('conf'); dir !== path.dirname(dir); dir = path.dirname(dir)) {
        if (dir.startsWith(path.dirname(path.dirname(ws.root)))) await chmod(dir, (await stat(dir)).mode | 0o555);
      }
    }
    const result = await runWriter(['set', ws.path('conf/settings.json'), 'ui.theme', '"light"'], asRoot ? { uid: 65534, gid: 65534 } : {});
    await chmod(ws.path('conf'), 0o755);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/"code":"write_failed".*no permission to write in .*conf.*left as it was/);
    expect(await readFile(ws.path('conf/settings.json'), 'utf8')).toBe(COMMENTED);
  });

  it('ends with all 200 keys when two processes each write 100, and the file is valid JSON at every read', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': '{\n  "ui": { "theme": "dark" }\n}\n' } });
    const file = ws.path('settings.json');
    let running = true;
    let reads = 0;
    const invalid: string[] = [];
    const watcher = (async () => {
      while (running) {
        const text = await readFile(file, 'utf8');
        reads++;
        try {
          JSON.parse(text);
        } catch {
          invalid.push(text);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const [first, second] = await Promise.all([runWriter(['many', file, 'a', '100']), runWriter(['many', file, 'b', '100'])]);
    running = false;
    await watcher;
    expect(first.output.trim()).toBe('ok');
    expect(second.output.trim()).toBe('ok');
    expect(invalid).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    const final = JSON.parse(await readFile(file, 'utf8')) as { ui: unknown; mcpServers: Record<string, { command: string }> };
    expect(Object.keys(final.mcpServers)).toHaveLength(200);
    expect(final.mcpServers['a99']).toEqual({ command: 'server-a99' });
    expect(final.mcpServers['b0']).toEqual({ command: 'server-b0' });
    expect(final.ui).toEqual({ theme: 'dark' });
  }, 60_000);

  it('finds the file of a scope from the same paths the loader uses', async () => {
    await using ws = await tempWorkspace();
    const paths = resolveAlfredPaths({ ALFRED_HOME: ws.alfredHome });
    await updateSetting({ scope: 'user', paths, keyPath: 'ui.theme', value: 'user-theme' });
    await updateSetting({ scope: 'workspace', paths, workspaceRoot: ws.root, keyPath: 'ui.theme', value: 'ws-theme' });
    const loaded = await loadSettings({ paths, workspaceRoot: ws.root, workspaceTrusted: true, systemDir: ws.path('no-system'), env: {} });
    expect(loaded.merged.ui.theme).toBe('ws-theme');
    expect(loaded.layers.find((layer) => layer.scope === 'user')?.values).toEqual({ ui: { theme: 'user-theme' } });
    await expect(updateSetting({ scope: 'workspace', paths, keyPath: 'ui.theme', value: 'x' })).rejects.toThrow(/needs "file", or "paths"/);
  });

  it('keeps a key added by hand between two edits', async () => {
    await using ws = await tempWorkspace({ files: { 'settings.json': '{}' } });
    const file = ws.path('settings.json');
    await updateSetting({ file, scope: 'user', keyPath: 'ui.theme', value: 'a' });
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('{', '{\n  // added by hand\n  "debug": { "enabled": true },'));
    await updateSetting({ file, scope: 'user', keyPath: 'ui.maxFps', value: 5 });
    const final = await readFile(file, 'utf8');
    expect(final).toContain('// added by hand');
    expect(final).toContain('"enabled": true');
    expect(final).toContain('"maxFps": 5');
  });
});
