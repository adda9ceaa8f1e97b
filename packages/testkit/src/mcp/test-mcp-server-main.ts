/**
 * Entry point for the test MCP server as a child process:
 * `node --conditions=development --import tsx test-mcp-server-main.ts stdio|http`.
 * Over HTTP it prints `listening <url>` on stdout once it accepts connections.
 */
import { serveHttp, serveStdio } from './test-mcp-server.js';

const mode = process.argv[2] ?? 'stdio';
if (mode === 'stdio') {
  await serveStdio();
} else if (mode === 'http') {
  const { url } = await serveHttp();
  process.stdout.write(`listening ${url}\n`);
} else {
  process.stderr.write(`Unknown mode "${mode}"; use stdio or http.\n`);
  process.exit(2);
}
