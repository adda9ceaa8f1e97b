import { z } from 'zod';
import { setting } from './setting.js';

/** How alfred signs in to an MCP server with OAuth; tokens are kept in the credentials key store. */
const mcpOAuthSchema = z
  .object({
    scope: z.string().optional().describe('Scopes to ask for, separated by spaces. Default: the scopes the server advertises.'),
    redirectPort: z
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .describe('Port of the sign-in callback on 127.0.0.1 (`http://127.0.0.1:<port>/oauth/callback`). Default: a free port at each sign-in; set one when the client is registered with a fixed redirect URI.'),
    clientId: z.string().min(1).optional().describe('A client registered with the authorization server beforehand. Default: dynamic client registration.'),
    clientSecret: z.string().min(1).optional().describe('The secret of `clientId`, for a confidential client (use `$VAR` to keep it out of the file).'),
  })
  .strict();

/** One MCP server: a command to start (stdio) or a URL to connect to (HTTP or SSE). */
export const mcpServerSchema = z
  .object({
    command: z.string().min(1).optional().describe('Command that starts a stdio server.'),
    args: z.array(z.string()).optional().describe('Arguments for `command`.'),
    env: z.record(z.string(), z.string()).optional().describe('Extra environment for `command`.'),
    cwd: z.string().optional().describe('Working directory for `command`.'),
    url: z.url().optional().describe('URL of a streamable HTTP or SSE server.'),
    transport: z.enum(['stdio', 'http', 'sse']).optional().describe('Transport; inferred from `command` or `url` when unset.'),
    headers: z.record(z.string(), z.string()).optional().describe('HTTP headers sent to `url`.'),
    timeoutMs: z.number().int().min(1).optional().describe('Milliseconds to wait for one request.'),
    trust: z.boolean().optional().describe("Run this server's tools without asking."),
    includeTools: z.array(z.string()).optional().describe('Only these tools of the server are offered.'),
    excludeTools: z.array(z.string()).optional().describe('Tools of the server never offered.'),
    oauth: mcpOAuthSchema.optional().describe('OAuth sign-in for an HTTP or SSE server (`/mcp auth <name>`). Not needed to sign in to a server that answers 401; set it to choose scopes, a fixed callback port or a client registered beforehand.'),
  })
  .strict()
  .refine((server) => server.command !== undefined || server.url !== undefined, {
    message: 'an MCP server needs either "command" or "url"',
  });

/** `mcpServers.<name>`: MCP servers whose tools join alfred's, merged across layers by name. */
export const mcpServersSetting = setting(z.record(z.string().min(1), mcpServerSchema), {
  default: {},
  description: 'MCP servers keyed by name. Their tools appear as `<name>__<tool>`. Layers merge by server name.',
  merge: 'deep',
});
