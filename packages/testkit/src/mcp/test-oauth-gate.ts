import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The tokens the OAuth-protected test server accepts and hands out. */
export const TEST_OAUTH = {
  clientId: 'alfred-test-client',
  /** The access token `/mcp` accepts. */
  accessToken: 'test-access-token',
  /** Exchanged at `/token` for `accessToken` (and a rotated refresh token). */
  refreshToken: 'test-refresh-token',
  rotatedRefreshToken: 'test-refresh-token-2',
} as const;

/** Redirect URIs by client (from dynamic registration), and codes issued by `/authorize`. */
const registeredRedirects = new Map<string, string[]>([[TEST_OAUTH.clientId, []]]);
const issuedCodes = new Map<string, { clientId: string; redirectUri: string; challenge: string }>();

/**
 * A minimal OAuth resource server and authorization server in front of the test MCP server: `/mcp`
 * answers 401 with a `WWW-Authenticate` pointing at the protected-resource metadata unless the
 * bearer token is `TEST_OAUTH.accessToken`. Served beside it: the metadata documents (RFC 9728,
 * RFC 8414), dynamic client registration at `/register` (RFC 7591; every client gets
 * `TEST_OAUTH.clientId`), `/authorize`, which signs the user in at once and redirects to the
 * registered `redirect_uri` with a code and the `state` (a test plays the browser by following
 * it), and `/token` for the `authorization_code` grant (PKCE S256 checked) and `refresh_token`.
 * Returns true when it answered the request itself.
 */
export async function handleOAuth(request: IncomingMessage, response: ServerResponse, origin: string): Promise<boolean> {
  const url = new URL(request.url ?? '/', origin);
  if (url.pathname === '/.well-known/oauth-protected-resource' || url.pathname === '/.well-known/oauth-protected-resource/mcp') {
    json(response, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    return true;
  }
  if (url.pathname === '/.well-known/oauth-authorization-server') {
    json(response, 200, {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    return true;
  }
  if (url.pathname === '/register' && request.method === 'POST') {
    const metadata = JSON.parse(await readBody(request)) as { redirect_uris?: string[] };
    registeredRedirects.set(TEST_OAUTH.clientId, metadata.redirect_uris ?? []);
    json(response, 201, { ...metadata, client_id: TEST_OAUTH.clientId, client_id_issued_at: Math.floor(Date.now() / 1000) });
    return true;
  }
  if (url.pathname === '/authorize') {
    authorize(url, response);
    return true;
  }
  if (url.pathname === '/token' && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') === 'authorization_code') {
      exchangeCode(form, response);
    } else if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === TEST_OAUTH.refreshToken && form.get('client_id') === TEST_OAUTH.clientId) {
      json(response, 200, { access_token: TEST_OAUTH.accessToken, token_type: 'Bearer', expires_in: 3600, refresh_token: TEST_OAUTH.rotatedRefreshToken });
    } else {
      json(response, 400, { error: 'invalid_grant' });
    }
    return true;
  }
  if (request.headers.authorization !== `Bearer ${TEST_OAUTH.accessToken}`) {
    response.writeHead(401, { 'www-authenticate': `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource"` });
    response.end();
    return true;
  }
  return false;
}

/** Checks the request like a real authorization server would, then "signs in" without asking. */
function authorize(url: URL, response: ServerResponse): void {
  const clientId = url.searchParams.get('client_id') ?? '';
  const redirectUri = url.searchParams.get('redirect_uri') ?? '';
  const challenge = url.searchParams.get('code_challenge');
  if (!registeredRedirects.get(clientId)?.includes(redirectUri)) {
    json(response, 400, { error: 'invalid_request', error_description: `redirect_uri ${redirectUri} is not registered for ${clientId}` });
    return;
  }
  const back = new URL(redirectUri);
  if (url.searchParams.get('response_type') !== 'code' || url.searchParams.get('code_challenge_method') !== 'S256' || !challenge) {
    back.searchParams.set('error', 'invalid_request');
  } else {
    const code = randomUUID();
    issuedCodes.set(code, { clientId, redirectUri, challenge });
    back.searchParams.set('code', code);
  }
  const state = url.searchParams.get('state');
  if (state !== null) back.searchParams.set('state', state);
  response.writeHead(302, { location: back.href }).end();
}

function exchangeCode(form: URLSearchParams, response: ServerResponse): void {
  const issued = issuedCodes.get(form.get('code') ?? '');
  issuedCodes.delete(form.get('code') ?? '');
  const verifier = form.get('code_verifier') ?? '';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  if (!issued || issued.clientId !== form.get('client_id') || issued.redirectUri !== form.get('redirect_uri') || issued.challenge !== challenge) {
    json(response, 400, { error: 'invalid_grant' });
    return;
  }
  json(response, 200, { access_token: TEST_OAUTH.accessToken, token_type: 'Bearer', expires_in: 3600, refresh_token: TEST_OAUTH.refreshToken });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
