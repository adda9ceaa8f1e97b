import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace, type TempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import { loadSettings, type LoadSettingsOptions } from './load-settings.js';

/** A workspace with a temp ALFRED_HOME and a temp system folder, and files in each layer. */
async function cascade(files: { systemDefaults?: string; system?: string; user?: string; workspace?: string; userEnv?: string; workspaceEnv?: string }) {
  const ws = await tempWorkspace();
  const systemDir = path.join(path.dirname(ws.alfredHome), 'etc');
  const tree: Record<string, string> = {};
  const rel = (absolute: string) => path.relative(ws.root, absolute);
  if (files.systemDefaults !== undefined) tree[rel(path.join(systemDir, 'system-defaults.json'))] = files.systemDefaults;
  if (files.system !== undefined) tree[rel(path.join(systemDir, 'settings.json'))] = files.system;
  if (files.user !== undefined) tree[rel(path.join(ws.alfredHome, 'settings.json'))] = files.user;
  if (files.userEnv !== undefined) tree[rel(path.join(ws.alfredHome, '.env'))] = files.userEnv;
  if (files.workspace !== undefined) tree['.alfred/settings.json'] = files.workspace;
  if (files.workspaceEnv !== undefined) tree['.alfred/.env'] = files.workspaceEnv;
  await ws.write(tree);
  const load = (extra: Partial<LoadSettingsOptions> = {}) =>
    loadSettings({
      paths: resolveAlfredPaths({ ALFRED_HOME: ws.alfredHome, HOME: path.dirname(ws.alfredHome) }),
      workspaceRoot: ws.root,
      workspaceTrusted: true,
      systemDir,
      env: {},
      ...extra,
    });
  return { ws, systemDir, load };
}

async function using<T>(ws: TempWorkspace, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } finally {
    await ws.dispose();
  }
}

describe('loadSettings', () => {
  it('uses the schema defaults when no file exists', async () => {
    const { ws, load } = await cascade({});
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.general.maxTurns).toBe(50);
      expect(loaded.merged.general.loopDetection).toBe(true);
      expect(loaded.merged.compression).toEqual({ threshold: 0.7, preserve: 0.3 });
      expect(loaded.errors).toEqual([]);
      expect(loaded.originOf('general.maxTurns')).toBe('default');
    });
  });

  it('lets each later layer win across all five layers, and concatenates and deep-merges where declared', async () => {
    const { ws, load } = await cascade({
      systemDefaults: '{ "ui": { "theme": "sysdef", "maxFps": 10 }, "context": { "includeDirectories": ["/a"] } }',
      system: '{ "ui": { "theme": "system" }, "context": { "includeDirectories": ["/b"] }, "mcpServers": { "git": { "command": "git-mcp", "args": ["--x"] } } }',
      user: '{ "ui": { "theme": "user", "screen": "inline" }, "context": { "includeDirectories": ["/c", "/a"] }, "mcpServers": { "git": { "args": ["--y"] }, "web": { "url": "http://127.0.0.1:9/mcp" } } }',
      workspace: '{ "ui": { "theme": "workspace" }, "policy": { "allow": ["shell(git status)"] } }',
    });
    await using(ws, async () => {
      const loaded = await load({ ephemeral: { ui: { theme: 'ephemeral' } } });
      expect(loaded.errors).toEqual([]);
      expect(loaded.merged.ui.theme).toBe('ephemeral');
      expect(loaded.merged.ui.maxFps).toBe(10);
      expect(loaded.merged.ui.screen).toBe('inline');
      expect(loaded.merged.context.includeDirectories).toEqual(['/a', '/b', '/c']);
      expect(loaded.merged.mcpServers).toEqual({ git: { command: 'git-mcp', args: ['--y'] }, web: { url: 'http://127.0.0.1:9/mcp' } });
      expect(loaded.merged.policy.allow).toEqual(['shell(git status)']);
      expect(loaded.originOf('ui.theme')).toBe('ephemeral');
      expect(loaded.originOf('ui.maxFps')).toBe('system-defaults');
      expect(loaded.originOf('ui.screen')).toBe('user');
      expect(loaded.originOf('mcpServers.web.url')).toBe('user');
      expect(loaded.originOf('policy.allow')).toBe('workspace');
      expect(loaded.layers.map((layer) => layer.scope)).toEqual(['system-defaults', 'system', 'user', 'workspace', 'ephemeral']);
    });
  });

  it('keeps a value pinned by the system settings whatever later layers say', async () => {
    const { ws, load } = await cascade({
      system: '{ "security": { "allowYolo": false }, "general": { "maxTurns": 20 }, "pinned": ["security.allowYolo", "general"] }',
      user: '{ "security": { "allowYolo": true }, "general": { "maxTurns": 99 }, "ui": { "theme": "mine" } }',
    });
    await using(ws, async () => {
      const loaded = await load({ ephemeral: { general: { maxTurns: 5 } } });
      expect(loaded.merged.security.allowYolo).toBe(false);
      expect(loaded.merged.general.maxTurns).toBe(20);
      expect(loaded.merged.ui.theme).toBe('mine');
      expect(loaded.originOf('security.allowYolo')).toBe('system');
      const pinned = loaded.warnings.filter((warning) => warning.code === 'pinned').map((warning) => warning.keyPath);
      expect(pinned).toEqual(['general.maxTurns', 'security.allowYolo', 'general.maxTurns']);
    });
  });

  it('ignores pins outside the system files', async () => {
    const { ws, load } = await cascade({ user: '{ "general": { "maxTurns": 7 }, "pinned": ["general.maxTurns"] }' });
    await using(ws, async () => {
      const loaded = await load({ ephemeral: { general: { maxTurns: 3 } } });
      expect(loaded.merged.general.maxTurns).toBe(3);
      expect(loaded.warnings.map((warning) => warning.code)).toContain('pinned_outside_system');
    });
  });

  it('skips the workspace settings and .env of an untrusted folder', async () => {
    const { ws, load } = await cascade({
      workspace: '{ "ui": { "theme": "$THEME" } }',
      workspaceEnv: 'THEME=from-workspace-env\n',
    });
    await using(ws, async () => {
      const untrusted = await load({ workspaceTrusted: false });
      expect(untrusted.merged.ui.theme).toBe('default');
      expect(untrusted.layers.map((layer) => layer.scope)).not.toContain('workspace');
      expect(untrusted.env['THEME']).toBeUndefined();
      const trusted = await load();
      expect(trusted.merged.ui.theme).toBe('from-workspace-env');
    });
  });

  it('expands $VAR and ${VAR} from the environment, which beats the .env files', async () => {
    const { ws, load } = await cascade({
      user: '{ "providers": { "openai": { "apiKey": "${OPENAI_KEY}", "baseUrl": "http://$HOST:8080/v1" } }, "ui": { "theme": "$NOT_SET" } }',
      userEnv: 'OPENAI_KEY=from-user-env\nHOST=127.0.0.1\n',
      workspaceEnv: 'OPENAI_KEY=from-workspace-env\n',
    });
    await using(ws, async () => {
      const fromFiles = await load();
      expect(fromFiles.merged.providers['openai']).toEqual({ apiKey: 'from-workspace-env', baseUrl: 'http://127.0.0.1:8080/v1' });
      expect(fromFiles.merged.ui.theme).toBe('$NOT_SET');
      expect(fromFiles.warnings).toContainEqual(expect.objectContaining({ code: 'unset_variable', keyPath: 'ui.theme' }));
      const fromShell = await load({ env: { OPENAI_KEY: 'from-shell' } });
      expect(fromShell.merged.providers['openai']?.apiKey).toBe('from-shell');
    });
  });

  it('skips a broken file, names it with line and column, and leaves it untouched', async () => {
    const broken = '{\n  "ui": { "theme": "dark" }\n  "general": {}\n}\n';
    const { ws, load } = await cascade({ system: '{ "ui": { "theme": "system" } }', user: broken });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.ui.theme).toBe('system');
      expect(loaded.errors).toHaveLength(1);
      expect(loaded.errors[0]).toMatchObject({ code: 'parse_failed', file: path.join(ws.alfredHome, 'settings.json'), line: 3, column: 3 });
      expect(loaded.layers.find((layer) => layer.scope === 'user')?.error?.code).toBe('parse_failed');
      expect(await readFile(path.join(ws.alfredHome, 'settings.json'), 'utf8')).toBe(broken);
    });
  });

  it('drops only a wrongly typed key, naming its key path and line, and falls back to the layer below', async () => {
    const { ws, load } = await cascade({
      system: '{ "ui": { "maxFps": 12 } }',
      user: '{\n  "ui": {\n    "maxFps": "fast",\n    "theme": "kept"\n  },\n  "compression": { "threshold": 2 },\n  "general": 5\n}',
    });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.ui.maxFps).toBe(12);
      expect(loaded.merged.ui.theme).toBe('kept');
      expect(loaded.merged.compression.threshold).toBe(0.7);
      expect(loaded.errors.map((error) => [error.keyPath, error.line])).toEqual([
        ['ui.maxFps', 3],
        ['compression.threshold', 6],
        ['general', 7],
      ]);
      expect(loaded.errors[0]?.message).toMatch(/settings\.json:3:5: ui\.maxFps: .*number/);
    });
  });

  it('reports a binary or empty file without crashing', async () => {
    const { ws, load } = await cascade({ system: '\u0000\u0007\u0000garbage', user: '' });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.errors.map((error) => error.code)).toEqual(['binary_file']);
      expect(loaded.merged.general.maxTurns).toBe(50);
    });
  });

  it('warns about unknown keys, prototype keys and keys a layer may not set, and uses none of them', async () => {
    const { ws, load } = await cascade({
      workspace: '{ "ui": { "colour": "red" }, "__proto__": { "x": 1 }, "security": { "allowYolo": false }, "telemetry": { "enabled": true } }',
    });
    await using(ws, async () => {
      const loaded = await load();
      const codes = loaded.warnings.map((warning) => `${warning.code} ${warning.keyPath}`);
      expect(codes).toEqual(
        expect.arrayContaining(['prototype_key __proto__', 'unknown_key ui.colour', 'layer_not_allowed security.allowYolo', 'layer_not_allowed telemetry.enabled']),
      );
      expect(loaded.merged.security.allowYolo).toBe(true);
      expect(loaded.merged.telemetry.enabled).toBe(false);
      expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    });
  });

  it('migrates a flat v1 file once, keeping a backup and unrelated comments', async () => {
    const v1 = '{\n  // my favourite\n  "theme": "solarized",\n  "maxSessionTurns": 12,\n  "contextFileName": "AGENTS.md",\n  // servers\n  "mcpServers": {}\n}\n';
    const { ws, load } = await cascade({ user: v1 });
    await using(ws, async () => {
      const file = path.join(ws.alfredHome, 'settings.json');
      const first = await load();
      expect(first.merged.ui.theme).toBe('solarized');
      expect(first.merged.general.maxTurns).toBe(12);
      expect(first.merged.context.fileNames).toEqual(['AGENTS.md']);
      expect(first.warnings.map((warning) => warning.code)).toContain('migrated');
      expect(await readFile(`${file}.v1.bak`, 'utf8')).toBe(v1);
      const migrated = await readFile(file, 'utf8');
      expect(migrated).toContain('// servers');
      expect(JSON.parse(migrated.replace(/\/\/.*$/gm, ''))).toEqual({
        mcpServers: {},
        ui: { theme: 'solarized' },
        general: { maxTurns: 12 },
        context: { fileNames: ['AGENTS.md'] },
      });
      const second = await load();
      expect(second.warnings.map((warning) => warning.code)).not.toContain('migrated');
      expect(second.merged.ui.theme).toBe('solarized');
    });
  });

  it('migrates a v1 system file in memory only, never rewriting the administrator\'s file', async () => {
    const { ws, systemDir, load } = await cascade({ system: '{ "theme": "corporate" }' });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.ui.theme).toBe('corporate');
      expect(loaded.warnings).toContainEqual(expect.objectContaining({ code: 'migration_not_saved' }));
      expect(await readFile(path.join(systemDir, 'settings.json'), 'utf8')).toBe('{ "theme": "corporate" }');
    });
  });

  it('validates a map entry after merging, so a layer may add one field to a server defined below it', async () => {
    const { ws, load } = await cascade({
      system: '{ "mcpServers": { "git": { "command": "git-mcp" } } }',
      user: '{\n  "mcpServers": {\n    "git": { "timeoutMs": 5000 },\n    "broken": { "args": ["x"] },\n    "typo": { "command": "x", "comand": "y" }\n  }\n}',
    });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.mcpServers).toEqual({ git: { command: 'git-mcp', timeoutMs: 5000 } });
      expect(loaded.errors.map((error) => [error.keyPath, error.line])).toEqual([
        ['mcpServers.broken', 4],
        ['mcpServers.typo', 5],
      ]);
      expect(loaded.errors[0]?.detail).toContain('needs either "command" or "url"');
      expect(loaded.originOf('mcpServers.git')).toBe('user');
    });
  });

  it('pins a whole section when the system names the section', async () => {
    const { ws, load } = await cascade({
      system: '{ "policy": { "deny": ["shell(curl*)"] }, "pinned": ["policy"] }',
      user: '{ "policy": { "allow": ["shell(curl example.com)"] } }',
    });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.policy).toEqual({ allow: [], deny: ['shell(curl*)'], ask: [] });
      expect(loaded.warnings).toContainEqual(expect.objectContaining({ code: 'pinned', keyPath: 'policy.allow' }));
    });
  });

  it('pins one MCP server without freezing the others, and rejects pins of things that do not exist', async () => {
    const { ws, load } = await cascade({
      system: '{ "mcpServers": { "audit": { "command": "audit-mcp" } }, "pinned": ["mcpServers.audit", "ui.nope", "ui.theme.x"] }',
      user: '{ "mcpServers": { "audit": { "command": "fake-audit" }, "mine": { "command": "my-mcp" } } }',
    });
    await using(ws, async () => {
      const loaded = await load();
      expect(loaded.merged.mcpServers).toEqual({ audit: { command: 'audit-mcp' }, mine: { command: 'my-mcp' } });
      expect(loaded.warnings).toContainEqual(expect.objectContaining({ code: 'pinned', keyPath: 'mcpServers.audit' }));
      expect(loaded.errors.map((error) => error.detail)).toEqual(['cannot pin "ui.nope": no such setting', 'cannot pin "ui.theme.x": no such setting']);
    });
  });

  it('reads the system folder from ALFRED_SYSTEM_SETTINGS_DIR when no systemDir is given', async () => {
    const { ws, systemDir, load } = await cascade({ system: '{ "ui": { "theme": "from-env-dir" } }' });
    await using(ws, async () => {
      const loaded = await load({ systemDir: undefined, env: { ALFRED_SYSTEM_SETTINGS_DIR: systemDir } });
      expect(loaded.merged.ui.theme).toBe('from-env-dir');
    });
  });
});
