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

/**
 * A minimal OAuth resource server and authorization server in front of the test MCP server: `/mcp`
 * answers 401 with a `WWW-Authenticate` pointing at the protected-resource metadata unless the
 * bearer token is `TEST_OAUTH.accessToken`; the metadata documents (RFC 9728, RFC 8414) and a
 * `refresh_token` grant at `/token` are served, which is what the SDK's client walks to refresh.
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
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    return true;
  }
  if (url.pathname === '/token' && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === TEST_OAUTH.refreshToken && form.get('client_id') === TEST_OAUTH.clientId) {
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

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
