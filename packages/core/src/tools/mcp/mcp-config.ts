/**
 * One entry of the `mcpServers` setting. Exactly one of `command` (stdio) or `url` (Streamable HTTP,
 * or SSE with `type: 'sse'`) is given.
 */
export interface McpServerConfig {
  readonly command?: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly url?: string;
  readonly type?: 'http' | 'sse';
  /** The settings' name for `type` (`stdio` is implied by `command`). */
  readonly transport?: 'stdio' | 'http' | 'sse';
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request timeout; default 60 s. */
  readonly timeoutMs?: number;
  /** Only these tools (server names, before prefixing). */
  readonly includeTools?: readonly string[];
  readonly excludeTools?: readonly string[];
  /** Skip confirmation for this server's tools while their definitions stay the same. */
  readonly trust?: boolean;
  /** HTTP/SSE only: authenticate with OAuth through the SDK, tokens kept in the manager's key store. */
  readonly oauth?: McpOAuthConfig;
}

/** The `oauth` field of an `mcpServers` entry. */
export interface McpOAuthConfig {
  readonly scope?: string;
  /** Port of the sign-in callback on 127.0.0.1; a free one at each sign-in when unset. */
  readonly redirectPort?: number;
  /** A client registered beforehand, instead of dynamic client registration. */
  readonly clientId?: string;
  readonly clientSecret?: string;
}

/** The separator between server and tool in registered names: `github__create_issue`. */
export const MCP_NAME_SEPARATOR = '__';

/**
 * `server__tool`, with every character providers reject replaced by `_` and the result cut to the
 * 64 characters most providers allow.
 */
export function mcpToolName(server: string, tool: string): string {
  const clean = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_');
  const name = `${clean(server)}${MCP_NAME_SEPARATOR}${clean(tool)}`;
  return name.length <= 64 ? name : `${name.slice(0, 30)}___${name.slice(-31)}`;
}
