import { createServer } from 'node:net';
import { startTestMcpHttpServer, TEST_OAUTH } from '@alfred/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../registry.js';
import { McpClientManager } from './mcp-client-manager.js';
import type { McpServerConfig } from './mcp-config.js';
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

async function connect(url: string, store: McpTokenStore | undefined, server: McpServerConfig = { url, oauth: {} }, openBrowser?: (url: URL) => Promise<boolean>) {
  const registry = new ToolRegistry();
  const manager = new McpClientManager({ registry, servers: { secure: server }, tokenStore: store, ...(openBrowser ? { openBrowser } : {}) });
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

  it('does not open a browser or register a client unasked: a server without tokens waits for /mcp auth', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const opened: URL[] = [];
    const store = new MemoryStore();
    const { manager } = await connect(server.url, store, { url: server.url, oauth: {} }, (url) => {
      opened.push(url);
      return Promise.resolve(true);
    });
    expect(manager.status()[0]).toMatchObject({ state: 'error', needsSignIn: true, lastError: 'needs sign-in: run /mcp auth secure' });
    expect(opened).toEqual([]);
    expect([...store.values.keys()]).toEqual([]);
  });

  it('refuses an OAuth server when no key store was given', async () => {
    const { manager } = await connect('http://127.0.0.1:9/mcp', undefined);
    expect(manager.status()[0]).toMatchObject({ state: 'error', lastError: expect.stringContaining('no key store') });
  });
});

/** Plays the browser: opens the authorization page, which redirects to alfred's loopback callback. */
async function authorizeInBrowser(url: URL, changeCallback: (callback: URL) => void = () => undefined): Promise<Response> {
  const authorization = await fetch(url, { redirect: 'manual' });
  expect(authorization.status).toBe(302);
  const callback = new URL(authorization.headers.get('location') ?? '');
  changeCallback(callback);
  return fetch(callback);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('MCP OAuth sign-in in the browser', () => {
  it('marks a server that answers 401 as needing sign-in, then signs in through discovery, registration and the loopback callback', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const store = new MemoryStore();
    const opened: URL[] = [];
    const { registry, manager } = await connect(server.url, store, { url: server.url }, (url) => {
      opened.push(url);
      return Promise.resolve(true);
    });
    expect(manager.status()[0]).toMatchObject({ state: 'error', needsSignIn: true, lastError: 'needs sign-in: run /mcp auth secure' });

    const signIn = await manager.signIn('secure');
    expect(signIn.opened).toBe(true);
    expect(opened.map(String)).toEqual([signIn.url.href]);
    expect(signIn.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    expect(signIn.url.searchParams.get('redirect_uri')).toBe(signIn.redirectUrl);
    const page = await authorizeInBrowser(signIn.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('signed in to secure');

    expect(await signIn.completed).toMatchObject({ state: 'connected', tools: expect.arrayContaining(['secure__add']) });
    expect(JSON.parse(store.values.get('mcp-oauth.secure.tokens') ?? '{}')).toMatchObject({ access_token: TEST_OAUTH.accessToken, refresh_token: TEST_OAUTH.refreshToken });
    expect(JSON.parse(store.values.get('mcp-oauth.secure.client') ?? '{}')).toMatchObject({ client_id: TEST_OAUTH.clientId, redirect_uris: [signIn.redirectUrl] });
    const built = registry.build('secure__add', { a: 2, b: 5 });
    expect(built.ok && (await built.invocation.execute(new AbortController().signal)).llmContent).toBe('7');
  });

  it('listens on the configured port and refuses a callback whose state does not match', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const store = new MemoryStore();
    const port = await freePort();
    const { manager } = await connect(server.url, store, { url: server.url, oauth: { redirectPort: port } });
    const signIn = await manager.signIn('secure');
    expect(signIn.opened).toBe(false);
    expect(signIn.redirectUrl).toBe(`http://127.0.0.1:${port}/oauth/callback`);
    const page = await authorizeInBrowser(signIn.url, (callback) => callback.searchParams.set('state', 'forged'));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('state mismatch');
    expect(await signIn.completed).toMatchObject({ state: 'error', needsSignIn: true, lastError: expect.stringContaining('sign-in failed') });
    expect(store.values.has('mcp-oauth.secure.tokens')).toBe(false);
  });

  it('replaces a sign-in still waiting with a new one on the same configured port', async () => {
    await using server = await startTestMcpHttpServer({ oauth: true });
    const port = await freePort();
    const { manager } = await connect(server.url, new MemoryStore(), { url: server.url, oauth: { redirectPort: port } });
    const first = await manager.signIn('secure');
    const second = await manager.signIn('secure');
    expect(await first.completed).toMatchObject({ lastError: 'sign-in failed: Another sign-in started.' });
    expect(second.redirectUrl).toBe(first.redirectUrl);
    expect((await authorizeInBrowser(second.url)).status).toBe(200);
    expect(await second.completed).toMatchObject({ state: 'connected' });
  });

  it('refuses to sign in to a stdio server or one that is not configured', async () => {
    const manager = new McpClientManager({ registry: new ToolRegistry(), servers: { local: { command: 'true' } }, tokenStore: new MemoryStore() });
    await expect(manager.signIn('local')).rejects.toThrow('only HTTP and SSE servers sign in');
    await expect(manager.signIn('nope')).rejects.toThrow('No MCP server named "nope"');
  });
});
