import { tempWorkspace } from '@alfred/testkit';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redaction/redactor.js';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import { CONTENT_MARKERS, PLANTED, PLANTED_ENV, runScriptedSession } from '../telemetry/scripted-session.fixture.js';
import { agentEventLog } from './agent-event-log.js';
import { createBugReport } from './bug-report.js';
import { openDebugLog } from './debug-log.js';

async function lines(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('openDebugLog', () => {
  it('writes JSON lines with level, component, request id and timings under $ALFRED_HOME/logs, dropping lower levels', async () => {
    await using workspace = await tempWorkspace();
    const { logs } = resolveAlfredPaths(workspace.env());
    let clock = 1_700_000_000_000;
    const log = openDebugLog({ dir: logs, redactor: createRedactor(), level: 'info', now: () => clock });
    const provider = log.child({ component: 'provider', requestId: 'req_1' });
    provider.debug('not written');
    const done = provider.time('request', { model: 'gpt-4o' });
    clock += 42;
    done({ status: 200 }, 'info');
    log.error('boom', { kind: 'network' });
    log.close();
    expect(log.file).toBe(path.join(workspace.alfredHome, 'logs', 'debug.log'));
    expect(await lines(log.file)).toEqual([
      { time: new Date(1_700_000_000_042).toISOString(), level: 'info', component: 'provider', requestId: 'req_1', msg: 'request', model: 'gpt-4o', status: 200, durationMs: 42 },
      { time: new Date(1_700_000_000_042).toISOString(), level: 'error', msg: 'boom', kind: 'network' },
    ]);
  });

  it('rotates by size and keeps only the configured number of old files', async () => {
    await using workspace = await tempWorkspace();
    const dir = path.join(workspace.alfredHome, 'logs');
    const log = openDebugLog({ dir, redactor: createRedactor(), maxBytes: 400, maxFiles: 2 });
    for (let index = 0; index < 40; index += 1) log.info(`line ${index}`, { padding: 'x'.repeat(40) });
    log.close();
    expect((await readdir(dir)).sort()).toEqual(['debug.log', 'debug.log.1', 'debug.log.2']);
    const current = await lines(path.join(dir, 'debug.log'));
    expect(current.at(-1)?.['msg']).toBe('line 39');
    const older = await lines(path.join(dir, 'debug.log.1'));
    expect(Number(String(older.at(-1)?.['msg']).split(' ')[1]) + 1).toBe(Number(String(current[0]?.['msg']).split(' ')[1]));
    for (const name of ['debug.log', 'debug.log.1', 'debug.log.2']) {
      expect((await readFile(path.join(dir, name))).length).toBeLessThanOrEqual(400);
    }
  });

  it('logs a real session without its secrets or, by default, its content', async () => {
    await using workspace = await tempWorkspace();
    const redactor = createRedactor({ secrets: [PLANTED.providerKey], env: PLANTED_ENV });
    const log = openDebugLog({ dir: path.join(workspace.alfredHome, 'logs'), redactor });
    await runScriptedSession(agentEventLog(log));
    log.close();
    const text = await readFile(log.file, 'utf8');
    for (const secret of Object.values(PLANTED).filter((value) => value !== PLANTED.envName)) expect(text).not.toContain(secret);
    expect(text).not.toContain(CONTENT_MARKERS.command);
    const records = await lines(log.file);
    const ended = records.filter((record) => record['msg'] === 'model request ended');
    expect(ended).toHaveLength(3);
    for (const record of ended) {
      expect(record).toMatchObject({ component: 'agent', outcome: 'ok', requestId: expect.stringMatching(/^req_[0-9a-f]{8}$/) });
      expect(record['durationMs']).toEqual(expect.any(Number));
    }
    expect(records.find((record) => record['msg'] === 'retrying the model request')).toMatchObject({ level: 'warn', reason: `429 for key [redacted]` });
    expect(records.find((record) => record['msg'] === 'tool confirmation answered')).toMatchObject({ tool: 'shell', outcome: 'proceed_once' });
  });
});

describe('createBugReport', () => {
  it('writes version, OS, terminal, settings without secrets and the last log lines, and returns its path', async () => {
    await using workspace = await tempWorkspace();
    const redactor = createRedactor({ env: PLANTED_ENV });
    const log = openDebugLog({ dir: path.join(workspace.alfredHome, 'logs'), redactor: createRedactor() });
    for (let index = 0; index < 30; index += 1) log.info(`step ${index}`);
    // Written before the redactor of the report knew it: the report must still hide it.
    log.info(`token is ${PLANTED.envToken}`);
    log.close();
    const file = await createBugReport({
      version: '0.1.0',
      os: 'linux x64',
      terminal: 'xterm-256color',
      settings: { providers: { openai: { apiKey: 'settings-key-value-1' } }, mcpServers: { x: { env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz' } } }, ui: { theme: 'dark' } },
      logFile: log.file,
      dir: path.join(workspace.alfredHome, 'bug-reports'),
      redactor,
      logLines: 10,
      now: () => new Date('2025-01-02T03:04:05Z'),
    });
    expect(file).toBe(path.join(workspace.alfredHome, 'bug-reports', 'alfred-bug-20250102-030405.md'));
    const report = await readFile(file, 'utf8');
    expect(report).toContain('- alfred: 0.1.0');
    expect(report).toContain('"theme": "dark"');
    expect(report).toContain('## Last 10 debug log lines');
    expect(report).toContain('"msg":"step 29"');
    expect(report).not.toContain('"msg":"step 20"');
    for (const secret of ['settings-key-value-1', 'ghp_abcdefghijklmnopqrstuvwxyz', PLANTED.envToken]) expect(report).not.toContain(secret);
  });

  it('says how to record a log when there is none', async () => {
    await using workspace = await tempWorkspace();
    const file = await createBugReport({ version: '0.1.0', os: 'linux', terminal: 'dumb', settings: {}, dir: workspace.root, redactor: createRedactor() });
    expect(await readFile(file, 'utf8')).toContain('run alfred with --debug');
  });
});
