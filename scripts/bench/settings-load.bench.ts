import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadSettings } from '../../packages/core/src/settings/load-settings.js';
import { resolveAlfredPaths } from '../../packages/core/src/workspace/alfred-home.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';

export const name = 'settings-load';
export const description = 'read, migrate-check, expand, validate and merge five settings layers (four commented files, two .env files, ephemeral values)';
/** issue 7: loading and merging five layers, median ≤ 15 ms. */
export const budget: Budget = { maxMedianMs: 15 };

const USER = `{
  // Appearance
  "ui": { "theme": "solarized", "screen": "inline", "maxFps": 60, },
  "general": { "defaultProvider": "openai", "model": "gpt-4.1", "maxTurns": 80 },
  /* Keys come from the environment. */
  "providers": {
    "openai": { "apiKey": "\${OPENAI_API_KEY}", "baseUrl": "http://127.0.0.1:8080/v1", "fallbackModel": "gpt-4.1-mini" },
    "anthropic": { "apiKeyFile": "~/.keys/anthropic" },
  },
  "policy": { "allow": ["shell(git status)", "shell(git diff)", "read_file", "glob", "grep"], "deny": ["shell(rm -rf)"] },
  "mcpServers": {
${Array.from({ length: 20 }, (_, index) => `    "server${index}": { "command": "npx", "args": ["-y", "mcp-server-${index}"], "env": { "TOKEN": "$TOKEN_${index}" } },`).join('\n')}
  },
  "context": { "includeDirectories": ["../shared", "../docs"] },
  "telemetry": { "enabled": false },
}
`;

async function fixture(): Promise<{ base: string; load: () => ReturnType<typeof loadSettings> }> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'alfred-bench-settings-'));
  const systemDir = path.join(base, 'etc');
  const home = path.join(base, 'home', '.alfred');
  const workspace = path.join(base, 'workspace');
  await Promise.all([mkdir(systemDir, { recursive: true }), mkdir(home, { recursive: true }), mkdir(path.join(workspace, '.alfred'), { recursive: true })]);
  await Promise.all([
    writeFile(path.join(systemDir, 'system-defaults.json'), '{ "ui": { "theme": "default" }, "sessions": { "retentionDays": 60 } }'),
    writeFile(path.join(systemDir, 'settings.json'), '{\n  // site policy\n  "security": { "allowYolo": false },\n  "pinned": ["security.allowYolo"],\n  "policy": { "deny": ["web_fetch(http://internal*)"] }\n}\n'),
    writeFile(path.join(home, 'settings.json'), USER),
    writeFile(path.join(home, '.env'), Array.from({ length: 20 }, (_, index) => `TOKEN_${index}=token-${index}`).join('\n')),
    writeFile(path.join(workspace, '.alfred', 'settings.json'), '{ "tools": { "disabled": ["web_fetch"] }, "context": { "includeDirectories": ["vendor"] }, "mcpServers": { "server3": { "args": ["--local"] } } }'),
    writeFile(path.join(workspace, '.alfred', '.env'), 'OPENAI_API_KEY=sk-bench\n'),
  ]);
  const paths = resolveAlfredPaths({ ALFRED_HOME: home, HOME: path.dirname(home) });
  const load = () =>
    loadSettings({ paths, workspaceRoot: workspace, workspaceTrusted: true, systemDir, env: { PATH: '/usr/bin' }, ephemeral: { general: { model: 'gpt-4.1-nano' } } });
  return { base, load };
}

export async function run(context: BenchContext): Promise<BenchSamples> {
  const { base, load } = await fixture();
  try {
    const first = await load();
    if (first.errors.length > 0) throw new Error(`the fixture has settings errors: ${first.errors.map((error) => error.message).join('; ')}`);
    if (Object.keys(first.merged.mcpServers).length !== 20 || first.merged.security.allowYolo) throw new Error('the fixture did not merge as expected');
    for (let warmup = 0; warmup < 3; warmup++) await load();
    const samples: number[] = [];
    for (let index = 0; index < Math.max(context.runs, 20); index++) {
      const start = process.hrtime.bigint();
      await load();
      samples.push(elapsedMs(start));
    }
    return { samples, note: 'in-process, files in the page cache; 20 MCP servers deep-merged, 20 variables expanded from .env' };
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}
