import { splitArguments } from '../prompt/custom-commands.js';
import type { SlashCommandRegistry } from '../prompt/slash-commands.js';
import type { McpClientManager } from '../tools/mcp/mcp-client-manager.js';

/**
 * Offers every connected MCP server's prompts as `/server:prompt` commands (typed either way,
 * `/server/prompt` too). Arguments are given in order, or as `name=value`; the prompt's text is sent
 * to the model as the user's turn.
 */
export async function syncMcpPrompts<Context>(mcp: McpClientManager, commands: SlashCommandRegistry<Context>): Promise<void> {
  const prompts = await mcp.listPrompts().catch(() => []);
  commands.removeSource('mcp');
  for (const prompt of prompts) {
    const names = prompt.arguments.map((argument) => argument.name);
    commands.register({
      name: `${prompt.server}/${prompt.name}`,
      description: `${prompt.description ?? prompt.name} (MCP: ${prompt.server})`,
      ...(names.length > 0 ? { argumentHint: names.map((name) => `<${name}>`).join(' ') } : {}),
      source: 'mcp',
      async run(args) {
        const values: Record<string, string> = {};
        const positional: string[] = [];
        for (const word of splitArguments(args)) {
          const pair = /^([A-Za-z_][\w-]*)=(.*)$/.exec(word);
          if (pair && names.includes(pair[1]!)) values[pair[1]!] = pair[2]!;
          else positional.push(word);
        }
        for (const name of names) if (values[name] === undefined && positional.length > 0) values[name] = positional.shift()!;
        const missing = prompt.arguments.filter((argument) => argument.required && values[argument.name] === undefined).map((argument) => argument.name);
        if (missing.length > 0) return { type: 'message', level: 'error', text: `/${prompt.server}:${prompt.name} needs ${missing.join(', ')}.` };
        return { type: 'submit_prompt', prompt: await mcp.getPrompt(prompt.server, prompt.name, values) };
      },
    });
  }
}
