import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../registry.js';
import { describeError } from '../tool-paths.js';
import { mcpToolName, type McpServerConfig } from './mcp-config.js';
import { isSignInNeeded, KeyStoreOAuthProvider, type McpTokenStore } from './mcp-oauth-provider.js';
import { startMcpSignIn, type McpSignIn } from './mcp-sign-in.js';
import { promptText, type McpPromptInfo } from './mcp-prompts.js';
import { McpTool, type McpToolDefinition } from './mcp-tool.js';

/** A server's state as `/mcp` shows it. */
export interface McpServerStatus {
  readonly name: string;
  readonly state: 'connecting' | 'connected' | 'disconnected' | 'error';
  /** Registered tool names (`server__tool`). */
  readonly tools: readonly string[];
  readonly lastError?: string;
  /** The server wants a signed-in user: `/mcp auth <name>` (state is `error`). */
  readonly needsSignIn?: boolean;
}

/** A sign-in `/mcp auth` started: where the user signs in, and its outcome. */
export interface McpSignInStarted {
  readonly url: URL;
  /** Whether a browser was opened on `url`. */
  readonly opened: boolean;
  /** The loopback address waiting for the browser. */
  readonly redirectUrl: string;
  /** The server's state once the sign-in finished and it reconnected (or why it failed); never rejects. */
  readonly completed: Promise<McpServerStatus>;
}

interface Connection {
  client?: Client;
  status: McpServerStatus;
  /** Definition fingerprints by registered name, from the first listing. */
  readonly fingerprints: Map<string, string>;
  /** Trusted tools whose definition changed: they need the user's consent again. */
  readonly changed: Set<string>;
}

/** What the manager needs. */
export interface McpClientManagerOptions {
  readonly registry: ToolRegistry;
  readonly servers: Readonly<Record<string, McpServerConfig>>;
  readonly clientVersion?: string;
  /** Where OAuth clients and tokens are kept (the credentials key store); without it nothing signs in. */
  readonly tokenStore?: McpTokenStore;
  /** Opens a sign-in page in the user's browser; false when it cannot (the URL is shown instead). */
  readonly openBrowser?: (url: URL) => Promise<boolean>;
}

/**
 * Connects to the configured MCP servers, registers their tools as `server__tool`, follows
 * `tools/list_changed`, and keeps each server's state and last error for `/mcp`. A failing server
 * is recorded, never fatal to the others.
 */
export class McpClientManager {
  private readonly connections = new Map<string, Connection>();
  private readonly listeners = new Set<() => void>();
  /** HTTP servers that answered 401 once: they get the OAuth provider from then on. */
  private readonly oauthServers = new Set<string>();
  private readonly signIns = new Map<string, McpSignIn>();

  constructor(private readonly options: McpClientManagerOptions) {}

  /** Connects every configured server in parallel. */
  async connectAll(): Promise<void> {
    await Promise.all(Object.keys(this.options.servers).map((name) => this.connect(name)));
  }

  /** Connects one server (again), replacing its tools in the registry. */
  async connect(name: string): Promise<void> {
    const config = this.options.servers[name];
    if (!config) throw new Error(`No MCP server named "${name}" is configured.`);
    const connection: Connection = this.connections.get(name) ?? { status: { name, state: 'connecting', tools: [] }, fingerprints: new Map(), changed: new Set() };
    this.connections.set(name, connection);
    await connection.client?.close().catch(() => undefined);
    this.update(connection, { name, state: 'connecting', tools: [] });
    const client = new Client({ name: 'alfred', version: this.options.clientVersion ?? '0.0.0' });
    let authProvider: OAuthClientProvider | undefined;
    try {
      authProvider = this.authProvider(name, config);
      await client.connect(createTransport(name, config, authProvider), { timeout: config.timeoutMs ?? 60_000 });
      connection.client = client;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.refresh(name).catch(() => undefined));
      client.onclose = () => {
        if (connection.client === client) this.update(connection, { ...connection.status, state: 'disconnected' });
      };
      await this.refresh(name);
    } catch (error) {
      await client.close().catch(() => undefined);
      this.options.registry.replaceServerTools(name, []);
      const signIn = isSignInNeeded(error);
      // A server that turns out to want OAuth is tried once more with it: stored tokens may be waiting.
      if (signIn && !authProvider && config.url && this.options.tokenStore && !this.oauthServers.has(name)) {
        this.oauthServers.add(name);
        return this.connect(name);
      }
      this.update(connection, { name, state: 'error', tools: [], lastError: signIn ? `needs sign-in: run /mcp auth ${name}` : describeError(error), ...(signIn ? { needsSignIn: true } : {}) });
    }
  }

  /**
   * `/mcp auth <name>`: signs in to an HTTP or SSE server in the browser (see `startMcpSignIn`) and
   * reconnects it when the tokens are stored. Throws with a sentence when the server cannot sign in.
   */
  async signIn(name: string): Promise<McpSignInStarted> {
    const config = this.options.servers[name];
    if (!config) throw new Error(`No MCP server named "${name}" is configured.`);
    if (!config.url) throw new Error(`MCP server "${name}" runs as a command; only HTTP and SSE servers sign in with OAuth.`);
    const store = this.options.tokenStore;
    if (!store) throw new Error(`MCP server "${name}" cannot sign in: no key store was given to keep its tokens.`);
    const previous = this.signIns.get(name);
    previous?.cancel('Another sign-in started.');
    // Its callback port must be free again before a configured port is listened on anew.
    await previous?.done.catch(() => undefined);
    const signIn = await startMcpSignIn({ server: name, serverUrl: config.url, store, ...(config.oauth ? { oauth: config.oauth } : {}), openBrowser: this.options.openBrowser ?? (() => Promise.resolve(false)) });
    this.signIns.set(name, signIn);
    const completed = signIn.done
      .then(
        async () => {
          this.oauthServers.add(name);
          await this.connect(name);
        },
        (error: unknown) => {
          const connection = this.connections.get(name);
          if (connection) this.update(connection, { ...connection.status, lastError: `sign-in failed: ${describeError(error)}` });
        },
      )
      .then(() => this.status().find((status) => status.name === name) ?? { name, state: 'disconnected' as const, tools: [] })
      .finally(() => {
        if (this.signIns.get(name) === signIn) this.signIns.delete(name);
      });
    return { url: signIn.url, opened: signIn.opened, redirectUrl: signIn.redirectUrl, completed };
  }

  /** Lists the server's tools again and updates the registry (also run on `tools/list_changed`). */
  async refresh(name: string): Promise<void> {
    const connection = this.connections.get(name);
    const config = this.options.servers[name];
    const client = connection?.client;
    if (!connection || !config || !client) return;
    const { tools } = await client.listTools(undefined, { timeout: config.timeoutMs ?? 60_000 });
    const selected = tools.filter((tool) => (!config.includeTools || config.includeTools.includes(tool.name)) && !config.excludeTools?.includes(tool.name));
    const built = selected.map(
      (tool) =>
        new McpTool(tool as McpToolDefinition, {
          server: name,
          client,
          timeoutMs: config.timeoutMs ?? 60_000,
          isTrusted: () => config.trust === true && !connection.changed.has(mcpToolName(name, tool.name)),
        }),
    );
    for (const tool of built) {
      const fingerprint = JSON.stringify([tool.definition.description, tool.definition.inputSchema]);
      const previous = connection.fingerprints.get(tool.name);
      if (previous !== undefined && previous !== fingerprint && config.trust) connection.changed.add(tool.name);
      connection.fingerprints.set(tool.name, fingerprint);
    }
    this.options.registry.replaceServerTools(name, built);
    this.update(connection, { name, state: 'connected', tools: built.map((tool) => tool.name) });
  }

  /** Trusted tools whose definitions changed since they were first listed. */
  toolsNeedingConsent(): string[] {
    return [...this.connections.values()].flatMap((connection) => [...connection.changed]);
  }

  /** The user approved a changed definition: the trusted tool runs without asking again. */
  grantConsent(toolName: string): void {
    for (const connection of this.connections.values()) connection.changed.delete(toolName);
  }

  /** Every configured server's state. */
  status(): McpServerStatus[] {
    return Object.keys(this.options.servers).map((name) => this.connections.get(name)?.status ?? { name, state: 'disconnected', tools: [] });
  }

  /** Calls `listener` whenever a server's state or tools change. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The connected client of a server (prompts, resources). */
  client(name: string): Client | undefined {
    return this.connections.get(name)?.client;
  }

  /**
   * Every connected server's prompts (the lead registers them as `/server:prompt`). A server that
   * fails to list them is left out and its error kept for `/mcp`, as for tools.
   */
  async listPrompts(): Promise<McpPromptInfo[]> {
    const lists = await Promise.all(
      [...this.connections.entries()].map(async ([server, connection]) => {
        const client = connection.client;
        if (!client?.getServerCapabilities()?.prompts) return [];
        try {
          const { prompts } = await client.listPrompts(undefined, { timeout: this.options.servers[server]?.timeoutMs ?? 60_000 });
          return prompts.map((prompt): McpPromptInfo => ({
            server,
            name: prompt.name,
            description: prompt.description,
            arguments: (prompt.arguments ?? []).map((argument) => ({ name: argument.name, description: argument.description, required: argument.required === true })),
          }));
        } catch (error) {
          this.update(connection, { ...connection.status, lastError: `prompts/list failed: ${describeError(error)}` });
          return [];
        }
      }),
    );
    return lists.flat();
  }

  /** Runs `prompts/get` and returns the prompt's text. Throws with the server's message when it refuses. */
  async getPrompt(server: string, name: string, args: Readonly<Record<string, string>> = {}, signal?: AbortSignal): Promise<string> {
    const client = this.connections.get(server)?.client;
    if (!client) throw new Error(`MCP server "${server}" is not connected.`);
    const result = await client.getPrompt({ name, arguments: { ...args } }, { signal, timeout: this.options.servers[server]?.timeoutMs ?? 60_000 });
    return promptText(result.messages);
  }

  /** Closes every connection and removes their tools. */
  async disconnectAll(): Promise<void> {
    for (const signIn of this.signIns.values()) signIn.cancel('alfred is closing.');
    for (const [name, connection] of this.connections) {
      const client = connection.client;
      connection.client = undefined;
      await client?.close().catch(() => undefined);
      this.options.registry.replaceServerTools(name, []);
      this.update(connection, { name, state: 'disconnected', tools: [] });
    }
  }

  /** Servers with `oauth` set, or that answered 401, connect with stored tokens (refreshed as needed). */
  private authProvider(name: string, config: McpServerConfig): OAuthClientProvider | undefined {
    if (!config.url || !(config.oauth || this.oauthServers.has(name))) return undefined;
    if (!this.options.tokenStore) throw new Error(`MCP server "${name}" uses OAuth, but no key store was given to keep its tokens.`);
    return new KeyStoreOAuthProvider({ server: name, store: this.options.tokenStore, ...config.oauth });
  }

  private update(connection: Connection, status: McpServerStatus): void {
    connection.status = status;
    for (const listener of this.listeners) listener();
  }
}

function createTransport(name: string, config: McpServerConfig, authProvider: OAuthClientProvider | undefined): Transport {
  if (config.command) {
    return new StdioClientTransport({
      command: config.command,
      args: [...(config.args ?? [])],
      cwd: config.cwd,
      env: { ...getDefaultEnvironment(), ...config.env },
      stderr: 'ignore',
    });
  }
  if (!config.url) throw new Error(`MCP server "${name}" needs either "command" or "url".`);
  const url = new URL(config.url);
  const requestInit = config.headers ? { headers: { ...config.headers } } : undefined;
  if (config.type === 'sse' || config.transport === 'sse') return new SSEClientTransport(url, { requestInit, authProvider });
  return new StreamableHTTPClientTransport(url, { requestInit, authProvider });
}
