import { randomBytes } from 'node:crypto';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpOAuthConfig } from './mcp-config.js';
import { KeyStoreOAuthProvider, type McpTokenStore } from './mcp-oauth-provider.js';
import { listenForOAuthCallback } from './oauth-callback-server.js';

/** A browser sign-in under way. */
export interface McpSignIn {
  /** The authorization page the user signs in on. */
  readonly url: URL;
  /** Whether a browser was started on it (when not, the UI shows the URL to open by hand). */
  readonly opened: boolean;
  /** Where the browser is sent back to. */
  readonly redirectUrl: string;
  /** Settles when the tokens are stored, or with why the sign-in failed. */
  readonly done: Promise<void>;
  cancel(reason: string): void;
}

/** What a sign-in needs. */
export interface McpSignInOptions {
  readonly server: string;
  readonly serverUrl: string;
  readonly store: McpTokenStore;
  readonly oauth?: McpOAuthConfig;
  /** Opens a URL in the user's browser; false when there is none (headless, over SSH). */
  readonly openBrowser: (url: URL) => Promise<boolean>;
  /** How long to wait for the browser to come back; default 5 minutes. */
  readonly timeoutMs?: number;
}

/**
 * Signs in to an MCP server with the SDK's OAuth flow (metadata discovery, dynamic client
 * registration, PKCE): listens on a loopback callback, has the SDK build the authorization URL,
 * opens it, and when the browser comes back with a code whose `state` matches, has the SDK exchange
 * it; the tokens land in the key store through the provider.
 */
export async function startMcpSignIn(options: McpSignInOptions): Promise<McpSignIn> {
  const callback = await listenForOAuthCallback(options.oauth?.redirectPort ?? 0);
  try {
    const state = randomBytes(24).toString('base64url');
    let authorizationUrl: URL | undefined;
    const provider = new KeyStoreOAuthProvider({
      server: options.server,
      store: options.store,
      ...options.oauth,
      redirectUrl: callback.redirectUrl,
      state,
      onAuthorizationUrl: (_server, url) => {
        authorizationUrl = url;
      },
    });
    await provider.prepareSignIn();
    const scope = options.oauth?.scope;
    const started = await auth(provider, { serverUrl: options.serverUrl, ...(scope ? { scope } : {}) });
    if (started !== 'REDIRECT' || authorizationUrl === undefined) throw new Error(`${options.server} did not ask for a browser sign-in.`);
    const url = authorizationUrl;
    // Only a web page is handed to the browser opener: an authorization server must not be able to launch another program.
    const opened = url.protocol === 'https:' || url.protocol === 'http:' ? await options.openBrowser(url).catch(() => false) : false;
    let cancel: (reason: string) => void = () => undefined;
    const cancelled = new Promise<never>((_resolve, reject) => (cancel = (reason) => reject(new Error(reason))));
    const timeoutMs = options.timeoutMs ?? 5 * 60_000;
    const timer = setTimeout(() => cancel(`No sign-in arrived within ${Math.round(timeoutMs / 1000)} seconds.`), timeoutMs);
    timer.unref();
    const done = (async () => {
      const { callback: result, answer } = await Promise.race([callback.received, cancelled]);
      try {
        if ('error' in result) throw new Error(`The authorization server refused: ${result.error}`);
        if (result.state !== state) throw new Error('The sign-in answer does not belong to this sign-in (state mismatch); start again with /mcp auth.');
        const finished = await auth(provider, { serverUrl: options.serverUrl, authorizationCode: result.code, ...(scope ? { scope } : {}) });
        if (finished !== 'AUTHORIZED') throw new Error('The authorization server did not issue tokens.');
        await answer(true, `alfred is signed in to ${options.server}. You can close this tab.`);
      } catch (error) {
        await answer(false, error instanceof Error ? error.message : String(error));
        throw error;
      }
    })().finally(async () => {
      clearTimeout(timer);
      await callback.close();
    });
    return { url, opened, redirectUrl: callback.redirectUrl, done, cancel: (reason) => cancel(reason) };
  } catch (error) {
    await callback.close();
    throw error;
  }
}
