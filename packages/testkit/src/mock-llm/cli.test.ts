import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempWorkspace } from '../fixtures/temp-workspace.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const cli = path.join(here, 'cli.ts');

function startCli(args: string[]): { child: ChildProcess; output: () => string; stderr: () => string } {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, output: () => stdout, stderr: () => stderr };
}

async function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) throw new Error(`mock-llm exited early: ${output()}`);
    await once(child.stdout ?? child, 'data');
  }
}

describe('pnpm mock-llm', () => {
  it('serves a scenario file, prints the base URLs, and stops cleanly on SIGTERM', async () => {
    await using workspace = await tempWorkspace({ files: { 'scenario.json': JSON.stringify({ turns: [{ text: 'from the CLI' }] }) } });
    const { child, output } = startCli(['--port', '0', '--scenario', workspace.path('scenario.json')]);
    try {
      const url = await waitForUrl(child, output);
      expect(output()).toContain(`ANTHROPIC_BASE_URL=${url}`);
      expect(output()).toContain(`OPENAI_BASE_URL=${url}/v1`);
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer test' },
        body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'go' }] }),
      });
      expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content).toBe('from the CLI');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a bad port with a usage message', async () => {
    const { child, stderr } = startCli(['--port', 'eighty']);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr()).toContain('--port must be an integer from 0 to 65535, got "eighty"');
  });
});
