import type { McpServerStatus } from '../tools/mcp/mcp-client-manager.js';
import type { SlashCommand, SlashCommandResult } from '../prompt/slash-commands.js';
import type { AlfredRuntime } from './alfred-runtime.js';

const info = (text: string): SlashCommandResult => ({ type: 'message', level: 'info', text });
const fail = (text: string): SlashCommandResult => ({ type: 'message', level: 'error', text });

/** `/mcp` lists the servers; `/mcp auth <server>` signs in to one in the browser. */
export const mcpCommand: SlashCommand<AlfredRuntime> = {
  name: 'mcp',
  description: 'MCP servers: state, tools and last error; /mcp auth <server> signs in',
  argumentHint: '[auth <server>]',
  subCommands: [{ name: 'auth', description: 'Sign in to an MCP server in the browser (OAuth)', argumentHint: '<server>' }],
  source: 'builtin',
  async run(args, runtime) {
    const [sub, name, ...extra] = args.split(/\s+/).filter(Boolean);
    const statuses = runtime.mcp?.status() ?? [];
    if (sub === 'auth') {
      if (!runtime.mcp || statuses.length === 0) return fail('No MCP servers configured (settings: mcpServers).');
      if (!name || extra.length > 0) return fail(`Usage: /mcp auth <server>. Servers: ${statuses.map((status) => status.name).join(', ')}.`);
      return signIn(runtime, name);
    }
    if (sub !== undefined) return fail(`Unknown /mcp action "${sub}". Use /mcp, or /mcp auth <server>.`);
    if (statuses.length === 0) return info('No MCP servers configured (settings: mcpServers).');
    return info(statuses.map(describeServer).join('\n'));
  },
};

async function signIn(runtime: AlfredRuntime, name: string): Promise<SlashCommandResult> {
  const mcp = runtime.mcp;
  if (!mcp) return fail('No MCP servers configured (settings: mcpServers).');
  let started;
  try {
    started = await mcp.signIn(name);
  } catch (error) {
    return fail(`Could not start signing in to ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The browser may take minutes; the command answers now and /mcp shows the outcome.
  void started.completed.then(() => runtime.changed());
  const how = started.opened ? `Opened your browser to sign in to ${name}. If it did not open, visit:` : `Open this address in a browser to sign in to ${name}:`;
  return info(`${how}\n${started.url.href}\nalfred is waiting for the browser at ${started.redirectUrl}; /mcp shows ${name} connected once you have signed in.`);
}

function describeServer(status: McpServerStatus): string {
  const head = status.needsSignIn ? `${status.name}: needs sign-in (run /mcp auth ${status.name})` : `${status.name}: ${status.state}`;
  const tools = status.tools.length ? `\n  ${status.tools.join('\n  ')}` : '';
  const error = status.lastError && !status.lastError.startsWith('needs sign-in') ? `\n  last error: ${status.lastError}` : '';
  return `${head}${tools}${error}`;
}
