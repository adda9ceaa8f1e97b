import { PIXEL_PNG_BASE64, startTestMcpHttpServer, testMcpServerStdioCommand } from '@alfred/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolRegistry } from '../registry.js';
import type { ToolResult } from '../tool-result.js';
import { mcpToolName } from './mcp-config.js';
import { McpClientManager } from './mcp-client-manager.js';

const managers: McpClientManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.disconnectAll()));
});

async function call(registry: ToolRegistry, name: string, args: unknown): Promise<ToolResult> {
  const built = registry.build(name, args);
  if (!built.ok) throw new Error(built.error);
  return built.invocation.execute(new AbortController().signal);
}

describe('McpClientManager over stdio', () => {
  it('registers server tools as server__tool, calls them and passes env', async () => {
    const registry = new ToolRegistry();
    const manager = new McpClientManager({ registry, servers: { test: { ...testMcpServerStdioCommand(), env: { GREETING: 'hi from env' }, excludeTools: ['add'] } } });
    managers.push(manager);
    await manager.connectAll();
    expect(manager.status()).toEqual([expect.objectContaining({ name: 'test', state: 'connected' })]);
    const names = registry.list().map((tool) => tool.name);
    expect(names).toContain('test__echo');
    expect(names).not.toContain('test__add');
    expect(registry.list().find((tool) => tool.name === 'test__echo')).toMatchObject({ kind: 'mcp', source: { type: 'mcp', server: 'test' } });
    expect((await call(registry, 'test__echo', { text: 'hello' })).llmContent).toBe('echo: hello');
    expect((await call(registry, 'test__env', { name: 'GREETING' })).llmContent).toBe('hi from env');
    expect((await call(registry, 'test__fail', {})).error).toMatchObject({ type: 'mcp_error', message: expect.stringContaining('it broke on purpose') });
    expect((await call(registry, 'test__pixel', {})).llmContent).toEqual([{ type: 'media', mimeType: 'image/png', data: PIXEL_PNG_BASE64, encoding: 'base64' }]);
    expect(registry.build('test__echo', {})).toMatchObject({ ok: false, error: expect.stringContaining('`text` is required') });
  });

  it('updates the registry on tools/list_changed and asks again when a trusted tool changes', async () => {
    const registry = new ToolRegistry();
    const manager = new McpClientManager({ registry, servers: { test: { ...testMcpServerStdioCommand(), trust: true } } });
    managers.push(manager);
    await manager.connectAll();
    const echo = registry.build('test__echo', { text: 'x' });
    expect(echo.ok && (await echo.invocation.shouldConfirmExecute(new AbortController().signal))).toBe(false);
    await call(registry, 'test__enable_extra', {});
    await vi.waitFor(() => expect(registry.getTool('test__extra')).toBeDefined());
    expect((await call(registry, 'test__extra', {})).llmContent).toBe('extra!');
    await call(registry, 'test__rename_echo', {});
    await vi.waitFor(() => expect(manager.toolsNeedingConsent()).toEqual(['test__echo']));
    const changed = registry.build('test__echo', { text: 'x' });
    expect(changed.ok && (await changed.invocation.shouldConfirmExecute(new AbortController().signal))).toMatchObject({ type: 'mcp', server: 'test', tool: 'echo' });
  });

  it('lists the server prompts with their arguments and gets one with arguments as text', async () => {
    const manager = new McpClientManager({ registry: new ToolRegistry(), servers: { test: testMcpServerStdioCommand() } });
    managers.push(manager);
    await manager.connectAll();
    expect(await manager.listPrompts()).toEqual([
      {
        server: 'test',
        name: 'review',
        description: 'Asks for a review of a file.',
        arguments: [
          { name: 'file', description: 'The file to review.', required: true },
          { name: 'focus', description: 'What to look at.', required: false },
        ],
      },
    ]);
    expect(await manager.getPrompt('test', 'review', { file: 'src/app.ts', focus: 'errors' })).toBe('Review src/app.ts with a focus on errors.\n\nAnswer with a list of problems.');
    await expect(manager.getPrompt('test', 'review', {})).rejects.toThrow(/file/);
    await expect(manager.getPrompt('missing', 'review')).rejects.toThrow('MCP server "missing" is not connected.');
  });

  it('records a server that fails to start without affecting the others', async () => {
    const registry = new ToolRegistry();
    const manager = new McpClientManager({ registry, servers: { broken: { command: '/nonexistent/mcp-server' }, test: testMcpServerStdioCommand() } });
    managers.push(manager);
    await manager.connectAll();
    const [broken, test] = manager.status();
    expect(broken).toMatchObject({ state: 'error', lastError: expect.any(String) });
    expect(test).toMatchObject({ state: 'connected' });
  });
});

describe('McpClientManager over Streamable HTTP', () => {
  it('connects to a server process by URL and calls a tool', async () => {
    await using server = await startTestMcpHttpServer();
    const registry = new ToolRegistry();
    const manager = new McpClientManager({ registry, servers: { remote: { url: server.url } } });
    managers.push(manager);
    await manager.connectAll();
    expect(manager.status()[0]).toMatchObject({ state: 'connected' });
    expect((await call(registry, 'remote__add', { a: 2, b: 40 })).llmContent).toBe('42');
    await call(registry, 'remote__enable_extra', {});
    await vi.waitFor(() => expect(registry.getTool('remote__extra')).toBeDefined());
  });
});

describe('mcpToolName', () => {
  it('sanitises names and keeps them within 64 characters', () => {
    expect(mcpToolName('my server', 'do.thing')).toBe('my_server__do_thing');
    expect(mcpToolName('s', 'x'.repeat(100)).length).toBeLessThanOrEqual(64);
  });
});
