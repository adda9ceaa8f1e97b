import { tempWorkspace } from '@alfred/testkit';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CREATE_TELEMETRY = pathToFileURL(fileURLToPath(new URL('./create-telemetry.ts', import.meta.url))).href;
const REDACTOR = pathToFileURL(fileURLToPath(new URL('../redaction/redactor.ts', import.meta.url))).href;

/** Logs every ESM module the process loads (the OpenTelemetry packages ship ESM builds). */
const FILES = {
  'register.mjs': `
    import { register } from 'node:module';
    register('./hooks.mjs', import.meta.url, { data: { log: process.env.ALFRED_TEST_LOAD_LOG } });
  `,
  'hooks.mjs': `
    import { appendFileSync } from 'node:fs';
    let log;
    export function initialize(data) { log = data.log; }
    export async function load(url, context, nextLoad) {
      appendFileSync(log, url + '\\n');
      return nextLoad(url, context);
    }
  `,
  'session.mts': `
    import { createTelemetry } from '${CREATE_TELEMETRY}';
    import { createRedactor } from '${REDACTOR}';
    const settings = process.argv[2] === 'on' ? { enabled: true, target: 'file' } : { enabled: false, target: 'file' };
    const telemetry = await createTelemetry(settings, { paths: { home: process.env.ALFRED_HOME }, redactor: createRedactor() });
    telemetry.observe({ type: 'turn_start', turn: 1, provider: 'anthropic', model: 'claude-sonnet-4-5' });
    telemetry.observe({ type: 'text_delta', text: 'hi' });
    telemetry.observe({ type: 'done', reason: 'stop' });
    await telemetry.shutdown();
    process.stdout.write(String(telemetry.enabled));
  `,
};

/** Runs a session with telemetry `on` or `off` in a fresh Node process; returns the modules it loaded. */
async function loadedModules(mode: 'on' | 'off'): Promise<{ enabled: string; modules: string[] }> {
  await using workspace = await tempWorkspace({ files: FILES });
  const log = workspace.path('loaded.log');
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', '--import', pathToFileURL(workspace.path('register.mjs')).href, workspace.path('session.mts'), mode],
      { cwd: ROOT, env: workspace.env({ ALFRED_TEST_LOAD_LOG: log }), timeout: 60_000 },
      (error, out, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out)),
    );
  });
  return { enabled: stdout, modules: readFileSync(log, 'utf8').split('\n').filter((line) => line !== '') };
}

const isOpenTelemetry = (url: string) => /\/@opentelemetry[/+]/.test(url);

describe('telemetry start-up cost', () => {
  it('does not load the OpenTelemetry SDK or API when telemetry is off, and does when it is on', async () => {
    const off = await loadedModules('off');
    expect(off.enabled).toBe('false');
    expect(off.modules.some((url) => url.endsWith('create-telemetry.ts'))).toBe(true);
    expect(off.modules.filter(isOpenTelemetry)).toEqual([]);

    const on = await loadedModules('on');
    expect(on.enabled).toBe('true');
    expect(on.modules.filter(isOpenTelemetry).length).toBeGreaterThan(0);
  }, 120_000);
});
