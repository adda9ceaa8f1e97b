import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The test MCP server's entry file, for stdio configs: `node --conditions=development --import tsx <file> stdio`. */
export const TEST_MCP_SERVER_MAIN = fileURLToPath(new URL('./test-mcp-server-main.ts', import.meta.url));

/** The command and arguments that start the test MCP server over stdio. */
export function testMcpServerStdioCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--conditions=development', '--import', 'tsx', TEST_MCP_SERVER_MAIN, 'stdio'] };
}

/** A test MCP server running as a child process over Streamable HTTP. */
export interface RunningMcpServer extends AsyncDisposable {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the test MCP server over Streamable HTTP in a child process and waits for its URL; with
 * `oauth`, it requires the `TEST_OAUTH` bearer token and serves the OAuth endpoints to refresh it.
 */
export async function startTestMcpHttpServer(options: { oauth?: boolean } = {}): Promise<RunningMcpServer> {
  const { command, args } = testMcpServerStdioCommand();
  const child = spawn(command, [...args.slice(0, -1), options.oauth ? 'http-oauth' : 'http'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`test MCP server exited with ${code}: ${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  };
  return { url, process: child, stop, [Symbol.asyncDispose]: stop };
}
