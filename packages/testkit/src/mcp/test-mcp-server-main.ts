/**
 * Entry point for the test MCP server as a child process:
 * `node --conditions=development --import tsx test-mcp-server-main.ts stdio|http|http-oauth`.
 * Over HTTP it prints `listening <url>` on stdout once it accepts connections.
 */
import { serveHttp, serveStdio } from './test-mcp-server.js';

const mode = process.argv[2] ?? 'stdio';
if (mode === 'stdio') {
  await serveStdio();
} else if (mode === 'http' || mode === 'http-oauth') {
  const { url } = await serveHttp(0, { oauth: mode === 'http-oauth' });
  process.stdout.write(`listening ${url}\n`);
} else {
  process.stderr.write(`Unknown mode "${mode}"; use stdio, http or http-oauth.\n`);
  process.exit(2);
}
