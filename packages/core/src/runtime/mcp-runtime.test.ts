import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMockLlmServer, startTestMcpHttpServer, tempWorkspace, testMcpServerStdioCommand, type MockLlmServer, type TempWorkspace } from '@alfred/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events.js';
import { createRuntime } from './create-runtime.js';

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => {
  await mock.close();
});

async function collect(events: AsyncIterable<AgentEvent>, onEvent?: (event: AgentEvent) => void): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) {
    all.push(event);
    onEvent?.(event);
  }
  return all;
}

/** A runtime for `workspace` whose user settings configure `servers`, against the mock provider. */
async function runtimeWithServers(workspace: TempWorkspace, servers: Record<string, unknown>, env: Record<string, string> = {}) {
  await mkdir(workspace.alfredHome, { recursive: true });
  await writeFile(path.join(workspace.alfredHome, 'settings.json'), JSON.stringify({ mcpServers: servers }));
  return createRuntime({
    cwd: workspace.root,
    interactive: true,
    trusted: true,
    provider: 'anthropic',
    systemDir: path.join(workspace.alfredHome, 'no-system'),
    env: { HOME: path.dirname(workspace.alfredHome), ALFRED_HOME: workspace.alfredHome, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, PATH: process.env['PATH'] ?? '', ...env },
  });
}

describe('MCP servers from settings', () => {
  it('lists the server in /mcp, calls its tool after approval, and offers its prompts as commands', async () => {
    await using workspace = await tempWorkspace();
    const server = testMcpServerStdioCommand();
    const runtime = await runtimeWithServers(workspace, { test: server });
    try {
      await expect.poll(() => runtime.commands.get('test/review') !== undefined, { timeout: 30_000, interval: 100 }).toBe(true);
      const status = await collect(runtime.run('/mcp'));
      expect(status[0]).toMatchObject({ type: 'notice', text: expect.stringMatching(/test: connected[\s\S]*test__echo/) });

      mock.reset();
      mock.enqueue({ toolCalls: [{ name: 'test__echo', arguments: { text: 'hi from the model' } }] }, { text: 'It echoed.' });
      let asked = false;
      const events = await collect(runtime.run('use the echo tool'), (event) => {
        if (event.type === 'tool_confirmation_request') {
          asked = true;
          expect(event.view).toMatchObject({ type: 'mcp', server: 'test', tool: 'echo' });
          runtime.respond(event.callId, { kind: 'proceed_once' });
        }
      });
      expect(asked).toBe(true);
      expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ status: 'completed' });
      expect(JSON.stringify(mock.requests[1]!.body.messages.at(-1))).toContain('echo: hi from the model');

      mock.enqueue({ text: 'No problems.' });
      await collect(runtime.run('/test:review src/a.ts focus=naming'));
      expect(JSON.stringify(mock.requests.at(-1)!.body.messages.at(-1))).toContain('Review src/a.ts with a focus on naming.');
    } finally {
      await runtime.close();
    }
  });

  it('shows an HTTP server that answers 401 as needing sign-in, and /mcp auth signs in and connects it', async () => {
    await using workspace = await tempWorkspace();
    await using server = await startTestMcpHttpServer({ oauth: true });
    // No DISPLAY and no BROWSER: there is no browser to open, so the address is printed.
    const runtime = await runtimeWithServers(workspace, { secure: { url: server.url } }, { ALFRED_CREDENTIALS_STORE: 'file' });
    const mcpText = async (line: string) => {
      const [event] = await collect(runtime.run(line));
      return event?.type === 'notice' ? event.text : '';
    };
    try {
      await expect.poll(() => mcpText('/mcp'), { timeout: 30_000, interval: 100 }).toBe('secure: needs sign-in (run /mcp auth secure)');
      const started = await mcpText('/mcp auth secure');
      expect(started).toMatch(/^Open this address in a browser to sign in to secure:\nhttp:\/\/127\.0\.0\.1:\d+\/authorize\?/);
      const authorizationUrl = started.split('\n')[1] ?? '';
      const authorization = await fetch(authorizationUrl, { redirect: 'manual' });
      const page = await fetch(authorization.headers.get('location') ?? '');
      expect(await page.text()).toContain('signed in to secure');
      await expect.poll(() => mcpText('/mcp'), { timeout: 30_000, interval: 100 }).toMatch(/^secure: connected\n {2}secure__echo/);
      expect(await mcpText('/mcp auth')).toContain('Usage: /mcp auth <server>. Servers: secure.');
    } finally {
      await runtime.close();
    }
  });
});
