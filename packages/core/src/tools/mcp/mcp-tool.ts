import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DeclarativeTool, type JsonSchema, type ParameterSpec } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolConfirmationDetails, ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolContentPart, type ToolResult } from '../tool-result.js';
import { describeError } from '../tool-paths.js';
import { mcpToolName } from './mcp-config.js';

/** A tool as an MCP server lists it. */
export interface McpToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
}

/** What an MCP tool needs from its connection. */
export interface McpToolBinding {
  readonly server: string;
  readonly client: Client;
  readonly timeoutMs: number;
  /** Whether calls skip confirmation (a trusted server whose definition has not changed). */
  readonly isTrusted: () => boolean;
}

type Args = Record<string, unknown>;

/**
 * Arguments are checked only for shape and required keys: the server validates against its own
 * schema and its error comes back to the model as a tool result.
 */
function jsonSchemaParameters(schema: JsonSchema): ParameterSpec<Args> {
  const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
  return {
    jsonSchema: { type: 'object', properties: {}, ...schema },
    parse(args) {
      if (typeof args !== 'object' || args === null || Array.isArray(args)) return { ok: false, error: 'arguments must be a JSON object' };
      const missing = required.filter((key) => !(key in args));
      if (missing.length > 0) return { ok: false, error: missing.map((key) => `\`${key}\` is required`).join('; ') };
      return { ok: true, value: args as Args };
    },
  };
}

/** A tool of an MCP server, registered as `server__tool`. */
export class McpTool extends DeclarativeTool<Args> {
  constructor(
    readonly definition: McpToolDefinition,
    private readonly binding: McpToolBinding,
  ) {
    super({
      name: mcpToolName(binding.server, definition.name),
      displayName: `${definition.name} (${binding.server})`,
      description: definition.description ?? `Tool ${definition.name} of the MCP server ${binding.server}.`,
      kind: Kind.Mcp,
      parameters: jsonSchemaParameters(definition.inputSchema),
    });
  }

  protected createInvocation(params: Args): ToolInvocation<Args> {
    const { server, client, timeoutMs } = this.binding;
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => `${server}: ${this.definition.name} ${JSON.stringify(params)}`,
      toolLocations: () => [],
      shouldConfirmExecute: (): Promise<ToolConfirmationDetails | false> =>
        Promise.resolve(this.binding.isTrusted() ? false : { type: 'mcp', title: `Call ${this.definition.name} on ${server}`, server, tool: this.definition.name, args: params }),
      execute: async (signal): Promise<ToolResult> => {
        try {
          const result = await client.callTool({ name: this.definition.name, arguments: params }, undefined, { signal, timeout: timeoutMs });
          return toToolResult(server, this.definition.name, result);
        } catch (error) {
          if (signal.aborted) return errorResult('cancelled', 'The MCP call was cancelled.');
          return errorResult('mcp_error', `MCP server "${server}" failed to run ${this.definition.name}: ${describeError(error)}`);
        }
      },
    };
  }
}

interface McpContent {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
  uri?: string;
}

function toToolResult(server: string, tool: string, result: Record<string, unknown>): ToolResult {
  const content = (Array.isArray(result['content']) ? result['content'] : []) as McpContent[];
  const parts: ToolContentPart[] = content.map((item): ToolContentPart => {
    if ((item.type === 'image' || item.type === 'audio') && item.data && item.mimeType) return { type: 'media', mimeType: item.mimeType, data: item.data, encoding: 'base64' };
    if (item.type === 'text') return { type: 'text', text: item.text ?? '' };
    if (item.type === 'resource') return { type: 'text', text: item.resource?.text ?? `[resource ${item.resource?.uri ?? ''}]` };
    if (item.type === 'resource_link') return { type: 'text', text: `[resource link ${item.uri ?? ''}]` };
    return { type: 'text', text: `[unsupported ${item.type} content]` };
  });
  if (parts.length === 0 && result['structuredContent'] !== undefined) parts.push({ type: 'text', text: JSON.stringify(result['structuredContent']) });
  const text = parts.filter((part) => part.type === 'text').map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  if (result['isError'] === true) return errorResult('mcp_error', `${server}__${tool} returned an error: ${text}`);
  const llmContent = parts.every((part) => part.type === 'text') ? text : parts;
  return { llmContent, display: { type: 'text', text: text || `${parts.length} part(s) from ${server}` } };
}
