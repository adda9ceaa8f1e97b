import { randomUUID } from 'node:crypto';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthConfig } from './mcp-config.js';

/** Where MCP OAuth secrets live: the credentials `KeyStore` fits (only these three methods are used). */
export interface McpTokenStore {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<unknown>;
}

/**
 * The callback address a provider reports outside a sign-in. Refreshing a token never uses it;
 * a sign-in listens on its own port and passes that address instead.
 */
export const DEFAULT_MCP_OAUTH_REDIRECT_URL = 'http://127.0.0.1:7777/oauth/callback';

/** What the provider needs besides the store. */
export interface McpOAuthProviderOptions extends Pick<McpOAuthConfig, 'scope' | 'clientId' | 'clientSecret'> {
  readonly server: string;
  readonly store: McpTokenStore;
  /**
   * Where the authorization server sends the browser back: the local callback a sign-in listens
   * on. The SDK treats a provider without one as a machine-to-machine client, so one is always given.
   */
  readonly redirectUrl?: string;
  /** The `state` a sign-in expects back on its callback. */
  readonly state?: string;
  /**
   * Called with the URL the user must open to sign in. Without it (connecting in the background), a
   * server that needs sign-in fails with `McpSignInRequiredError`: a browser never opens unasked.
   */
  readonly onAuthorizationUrl?: (server: string, url: URL) => void | Promise<void>;
}

/** The server wants the user to sign in in a browser; `/mcp auth <server>` does that. */
export class McpSignInRequiredError extends Error {
  constructor(readonly server: string) {
    super(`MCP server "${server}" needs you to sign in: run /mcp auth ${server}`);
  }
}

/**
 * The SDK's `OAuthClientProvider` backed by alfred's key store: the SDK's transport adds
 * `Authorization: Bearer` from `tokens()`, refreshes with the stored refresh token on a 401 and
 * saves the result here. Key names are `mcp-oauth.<server>.<part>` (the store's name rules).
 */
export class KeyStoreOAuthProvider implements OAuthClientProvider {
  constructor(private readonly options: McpOAuthProviderOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl ?? DEFAULT_MCP_OAUTH_REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'alfred',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.options.clientSecret ? 'client_secret_post' : 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    };
  }

  state(): string {
    return this.options.state ?? randomUUID();
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { clientId, clientSecret } = this.options;
    if (clientId) return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
    const stored = await this.read<OAuthClientInformationMixed>('client');
    // Without a client there can be no tokens: connecting in the background stops here rather than
    // have the SDK register a client with the authorization server that no one asked for.
    if (stored === undefined && !this.options.onAuthorizationUrl) throw new McpSignInRequiredError(this.options.server);
    return stored;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    if (!this.options.clientId) await this.write('client', information);
  }

  tokens(): Promise<OAuthTokens | undefined> {
    return this.read<OAuthTokens>('tokens');
  }

  saveTokens(tokens: OAuthTokens): Promise<void> {
    return this.write('tokens', tokens);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.options.onAuthorizationUrl) throw new McpSignInRequiredError(this.options.server);
    await this.options.onAuthorizationUrl(this.options.server, url);
  }

  saveCodeVerifier(verifier: string): Promise<void> {
    return this.options.store.set(this.key('verifier'), verifier);
  }

  async codeVerifier(): Promise<string> {
    const verifier = await this.options.store.get(this.key('verifier'));
    if (verifier === undefined) throw new Error(`No sign-in is in progress for MCP server "${this.options.server}".`);
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const parts = scope === 'all' ? ['client', 'tokens', 'verifier'] : scope === 'discovery' ? [] : [scope];
    await Promise.all(parts.map((part) => this.options.store.delete(this.key(part))));
  }

  /**
   * Readies a fresh browser sign-in: the old tokens go (else the SDK would refresh them instead of
   * asking), and so does a dynamically registered client whose redirect URI is not this sign-in's
   * callback (the port is a new free one each time unless configured), so the SDK registers again.
   */
  async prepareSignIn(): Promise<void> {
    await this.invalidateCredentials('tokens');
    await this.invalidateCredentials('verifier');
    if (this.options.clientId) return;
    const client = await this.read<{ redirect_uris?: unknown }>('client');
    if (client && !(Array.isArray(client.redirect_uris) && client.redirect_uris.includes(this.redirectUrl))) await this.invalidateCredentials('client');
  }

  private key(part: string): string {
    return `mcp-oauth.${this.options.server.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40)}.${part}`;
  }

  private async read<T>(part: string): Promise<T | undefined> {
    const text = await this.options.store.get(this.key(part));
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  private write(part: string, value: unknown): Promise<void> {
    return this.options.store.set(this.key(part), JSON.stringify(value));
  }
}

/**
 * Whether connecting failed because the server wants a signed-in user: it answered 401 (to a
 * client without OAuth, or after the SDK gave up refreshing), or sign-in was needed and we would
 * not open a browser unasked.
 */
export function isSignInNeeded(error: unknown): boolean {
  if (error instanceof McpSignInRequiredError || error instanceof UnauthorizedError) return true;
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 401;
}
