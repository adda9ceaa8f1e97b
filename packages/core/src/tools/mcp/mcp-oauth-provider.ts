import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where MCP OAuth secrets live: the credentials `KeyStore` fits (only these three methods are used). */
export interface McpTokenStore {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<unknown>;
}

/** The sign-in callback address used when the server's settings name none. */
export const DEFAULT_MCP_OAUTH_REDIRECT_URL = 'http://127.0.0.1:7777/oauth/callback';

/** What the provider needs besides the store. */
export interface McpOAuthProviderOptions {
  readonly server: string;
  readonly store: McpTokenStore;
  /**
   * Where the authorization server sends the browser back: a local callback the UI listens on
   * during sign-in. Default `DEFAULT_MCP_OAUTH_REDIRECT_URL`. The SDK treats a provider without one
   * as a machine-to-machine client, so one is always given.
   */
  readonly redirectUrl?: string;
  readonly scope?: string;
  /** Called with the URL the user must open to sign in; without it, a server that needs sign-in fails with a clear error. */
  readonly onAuthorizationUrl?: (server: string, url: URL) => void | Promise<void>;
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
      token_endpoint_auth_method: 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    };
  }

  clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return this.read<OAuthClientInformationMixed>('client');
  }

  saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    return this.write('client', information);
  }

  tokens(): Promise<OAuthTokens | undefined> {
    return this.read<OAuthTokens>('tokens');
  }

  saveTokens(tokens: OAuthTokens): Promise<void> {
    return this.write('tokens', tokens);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.options.onAuthorizationUrl) throw new Error(`MCP server "${this.options.server}" needs you to sign in, and this session cannot open a sign-in page.`);
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
