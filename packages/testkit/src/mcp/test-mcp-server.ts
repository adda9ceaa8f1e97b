import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { handleOAuth } from './test-oauth-gate.js';

/** A 1×1 transparent PNG, returned by the `pixel` tool to exercise image content. */
export const PIXEL_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The MCP server tests talk to: a real SDK server with tools that cover text, images, errors,
 * environment passing and `tools/list_changed` (calling `enable_extra` adds a tool, `rename_echo`
 * changes `echo`'s description), and a `review` prompt with a required and an optional argument.
 */
export function createTestMcpServer(): McpServer {
  const server = new McpServer({ name: 'alfred-test-server', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  const echo = server.registerTool('echo', { description: 'Echoes text back.', inputSchema: { text: z.string() } }, ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }));
  server.registerTool('add', { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  server.registerTool('fail', { description: 'Always fails.', inputSchema: {} }, () => ({ isError: true, content: [{ type: 'text', text: 'it broke on purpose' }] }));
  server.registerTool('pixel', { description: 'Returns a PNG.', inputSchema: {} }, () => ({ content: [{ type: 'image', data: PIXEL_PNG_BASE64, mimeType: 'image/png' }] }));
  server.registerTool('env', { description: 'Reads an environment variable.', inputSchema: { name: z.string() } }, ({ name }) => ({ content: [{ type: 'text', text: process.env[name] ?? '(unset)' }] }));
  server.registerTool('enable_extra', { description: 'Adds the extra tool.', inputSchema: {} }, () => {
    server.registerTool('extra', { description: 'Appeared later.', inputSchema: {} }, () => ({ content: [{ type: 'text', text: 'extra!' }] }));
    return { content: [{ type: 'text', text: 'extra enabled' }] };
  });
  server.registerTool('rename_echo', { description: 'Changes the echo tool definition.', inputSchema: {} }, () => {
    echo.update({ description: 'Echoes text back, now with a different definition.' });
    return { content: [{ type: 'text', text: 'echo changed' }] };
  });
  server.registerPrompt(
    'review',
    { description: 'Asks for a review of a file.', argsSchema: { file: z.string().describe('The file to review.'), focus: z.string().optional().describe('What to look at.') } },
    ({ file, focus }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Review ${file}${focus ? ` with a focus on ${focus}` : ''}.` } },
        { role: 'user', content: { type: 'text', text: 'Answer with a list of problems.' } },
      ],
    }),
  );
  return server;
}

/** Serves the test server over stdio (the process's stdin/stdout). */
export async function serveStdio(): Promise<void> {
  await createTestMcpServer().connect(new StdioServerTransport());
}

/**
 * Serves the test server over Streamable HTTP on 127.0.0.1; one server instance per session. With
 * `oauth`, requests need the test bearer token (see `TEST_OAUTH`), and the OAuth documents and token
 * endpoint are served beside it.
 */
export async function serveHttp(port = 0, options: { oauth?: boolean } = {}): Promise<{ url: string; server: Server }> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  let origin = '';
  const http = createServer((request, response) => {
    void (async () => {
      if (options.oauth && (await handleOAuth(request, response, origin))) return;
      const sessionId = request.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (!transport) {
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id: string): void => {
            transports.set(id, created);
          },
        });
        created.onclose = () => {
          if (created.sessionId) transports.delete(created.sessionId);
        };
        await createTestMcpServer().connect(created);
        transport = created;
      }
      await transport.handleRequest(request, response);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { url: `${origin}/mcp`, server: http };
}
