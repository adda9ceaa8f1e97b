import { startTestMcpHttpServer, TEST_OAUTH } from '@alfred/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../registry.js';
import { McpClientManager } from './mcp-client-manager.js';
import type { McpTokenStore } from './mcp-oauth-provider.js';

/** The key store's three methods over a map: what the manager sees of the encrypted file store. */
class MemoryStore implements McpTokenStore {
  readonly values = new Map<string, string>();
  get(name: string) {
    return Promise.resolve(this.values.get(name));
  }
  set(name: string, value: string) {
    this.values.set(name, value);
    return Promise.resolve();
  }
  delete(name: string) {
    return Promise.resolve(this.values.delete(name));
  }
}

const managers: McpClientManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.disconnectAll()));
});

async function connect(url: string, store: McpTokenStore | undefined) {
  const registry = new ToolRegistry();
  const manager = new McpClientManager({ registry, servers: { secure: { url, oauth: {} } }, tokenStore: store });
  managers.push(manager);
  await manager.connectAll();
  return { registry, manager };
}

describe('MCP over HTTP with OAuth', () => {
  it('sends the stored bearer token and calls tools', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const store = new MemoryStore();
    await store.set('mcp-oauth.secure.tokens', JSON.stringify({ access_token: TEST_OAUTH.accessToken, token_type: 'Bearer' }));
    const { registry, manager } = await connect(server.url, store);
    expect(manager.status()[0]).toMatchObject({ state: 'connected' });
    const built = registry.build('secure__add', { a: 1, b: 2 });
    expect(built.ok && (await built.invocation.execute(new AbortController().signal)).llmContent).toBe('3');
  });

  it('refreshes a rejected token with the stored refresh token and keeps the new tokens in the store', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const store = new MemoryStore();
    await store.set('mcp-oauth.secure.client', JSON.stringify({ client_id: TEST_OAUTH.clientId }));
    await store.set('mcp-oauth.secure.tokens', JSON.stringify({ access_token: 'expired', token_type: 'Bearer', refresh_token: TEST_OAUTH.refreshToken, issuer: new URL(server.url).origin }));
    const { manager } = await connect(server.url, store);
    expect(manager.status()[0]?.lastError).toBeUndefined();
    expect(manager.status()[0]).toMatchObject({ state: 'connected' });
    expect(JSON.parse(store.values.get('mcp-oauth.secure.tokens') ?? '{}')).toMatchObject({ access_token: TEST_OAUTH.accessToken, refresh_token: TEST_OAUTH.rotatedRefreshToken });
  });

  it('fails with a clear error when sign-in is needed and nothing can show the sign-in page', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const { manager } = await connect(server.url, new MemoryStore());
    expect(manager.status()[0]).toMatchObject({ state: 'error', lastError: expect.stringMatching(/sign in|registration/i) });
  });

  it('refuses an OAuth server when no key store was given', async () => {
    const { manager } = await connect('http://127.0.0.1:9/mcp', undefined);
    expect(manager.status()[0]).toMatchObject({ state: 'error', lastError: expect.stringContaining('no key store') });
  });
});
