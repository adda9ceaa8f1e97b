import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMockLlmServer, tempWorkspace, testMcpServerStdioCommand, type MockLlmServer } from '@alfred/testkit';
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

describe('MCP servers from settings', () => {
  it('lists the server in /mcp, calls its tool after approval, and offers its prompts as commands', async () => {
    await using workspace = await tempWorkspace();
    const server = testMcpServerStdioCommand();
    await mkdir(workspace.alfredHome, { recursive: true });
    await writeFile(path.join(workspace.alfredHome, 'settings.json'), JSON.stringify({ mcpServers: { test: server } }));
    const runtime = await createRuntime({
      cwd: workspace.root,
      interactive: true,
      trusted: true,
      provider: 'anthropic',
      systemDir: path.join(workspace.alfredHome, 'no-system'),
      env: { HOME: path.dirname(workspace.alfredHome), ALFRED_HOME: workspace.alfredHome, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, PATH: process.env['PATH'] ?? '' },
    });
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
});
