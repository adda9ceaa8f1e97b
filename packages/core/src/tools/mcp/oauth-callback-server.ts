import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The path the authorization server sends the browser back to. */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

/** What arrived on the callback: the authorization code and state, or the server's refusal. */
export type OAuthCallback = { readonly code: string; readonly state: string | undefined } | { readonly error: string };

/** A loopback listener for one sign-in's redirect. */
export interface OAuthCallbackServer {
  /** `http://127.0.0.1:<port>/oauth/callback`. */
  readonly redirectUrl: string;
  /** The first request to the callback path; `answer` writes the page the browser shows. */
  readonly received: Promise<ReceivedCallback>;
  /** Stops listening; resolves once the port is free again. */
  close(): Promise<void>;
}

/** A callback request waiting for its answer page. */
export interface ReceivedCallback {
  readonly callback: OAuthCallback;
  answer(ok: boolean, text: string): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (never on all interfaces: the code must not be catchable from the network)
 * at `port`, or a free port when it is 0, as RFC 8252 describes for native apps.
 */
export async function listenForOAuthCallback(port: number): Promise<OAuthCallbackServer> {
  let deliver: (value: ReceivedCallback) => void = () => undefined;
  const received = new Promise<ReceivedCallback>((resolve) => (deliver = resolve));
  let answered = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== OAUTH_CALLBACK_PATH || answered) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    answered = true;
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    const callback: OAuthCallback =
      error !== null || code === null
        ? { error: [error ?? 'no authorization code', url.searchParams.get('error_description')].filter(Boolean).join(': ') }
        : { code, state: url.searchParams.get('state') ?? undefined };
    deliver({ callback, answer: (ok, text) => finish(response, ok, text) });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A browser keeps its connection open; the port is only free once that is gone too.
      server.closeAllConnections();
    });
  return { redirectUrl: `http://127.0.0.1:${actual}${OAUTH_CALLBACK_PATH}`, received, close };
}

function finish(response: ServerResponse, ok: boolean, text: string): Promise<void> {
  const title = ok ? 'Signed in' : 'Sign-in failed';
  const escaped = text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  response.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
  return new Promise((resolve) => response.end(`<!doctype html><title>alfred: ${title}</title><h1>${title}</h1><p>${escaped}</p>`, () => resolve()));
}
