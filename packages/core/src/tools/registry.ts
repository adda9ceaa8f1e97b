import type { BuildResult, DeclarativeTool, ToolDeclaration } from './declarative-tool.js';
import type { Kind } from './kind.js';

/** Where a tool came from: a built-in, or an MCP server by name. */
export type ToolSource = { readonly type: 'builtin' } | { readonly type: 'mcp'; readonly server: string };

/** A registered tool as the `/tools` dialog lists it. */
export interface ToolInfo {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly kind: Kind;
  readonly source: ToolSource;
  readonly enabled: boolean;
}

/** What the agent loop needs from a set of tools: declarations for the model, and `build`. */
export interface ToolSet {
  getDeclarations(): ToolDeclaration[];
  getTool(name: string): DeclarativeTool | undefined;
  build(name: string, args: unknown): BuildResult<unknown>;
}

interface Entry {
  readonly tool: DeclarativeTool;
  readonly source: ToolSource;
}

/**
 * Every tool alfred knows: built-ins and MCP tools, with per-session enable/disable (`/tools`) and
 * per-agent allowlists (`withAllowlist`). A disabled tool is not declared to the model, and a call to
 * it is refused with a message saying so.
 */
export class ToolRegistry implements ToolSet {
  private readonly entries = new Map<string, Entry>();
  private readonly disabled = new Set<string>();
  private readonly listeners = new Set<() => void>();

  /** Adds a tool; a second tool with the same name is a programming error. */
  register(tool: DeclarativeTool, source: ToolSource = { type: 'builtin' }): void {
    if (this.entries.has(tool.name)) throw new Error(`A tool named "${tool.name}" is already registered.`);
    this.entries.set(tool.name, { tool, source });
    this.emit();
  }

  /** Removes a tool by name; returns whether it was there. */
  unregister(name: string): boolean {
    const removed = this.entries.delete(name);
    if (removed) this.emit();
    return removed;
  }

  /** Replaces every tool of one MCP server at once (after connect or `tools/list_changed`). */
  replaceServerTools(server: string, tools: readonly DeclarativeTool[]): void {
    for (const [name, entry] of this.entries) {
      if (entry.source.type === 'mcp' && entry.source.server === server) this.entries.delete(name);
    }
    for (const tool of tools) {
      if (this.entries.has(tool.name)) continue;
      this.entries.set(tool.name, { tool, source: { type: 'mcp', server } });
    }
    this.emit();
  }

  /** Turns a tool on or off for this session. Unknown names are an error the `/tools` command shows. */
  setEnabled(name: string, enabled: boolean): void {
    if (!this.entries.has(name)) throw new Error(`Unknown tool "${name}". Known tools: ${[...this.entries.keys()].join(', ')}`);
    if (enabled) this.disabled.delete(name);
    else this.disabled.add(name);
    this.emit();
  }

  isEnabled(name: string): boolean {
    return this.entries.has(name) && !this.disabled.has(name);
  }

  /** Every registered tool, enabled or not, in registration order. */
  list(): ToolInfo[] {
    return [...this.entries.values()].map(({ tool, source }) => ({
      name: tool.name,
      displayName: tool.displayName,
      description: tool.description,
      kind: tool.kind,
      source,
      enabled: !this.disabled.has(tool.name),
    }));
  }

  /** The tool by name, enabled or not. */
  getTool(name: string): DeclarativeTool | undefined {
    return this.entries.get(name)?.tool;
  }

  /** Declarations of the enabled tools, for the model. */
  getDeclarations(): ToolDeclaration[] {
    return [...this.entries.values()].filter(({ tool }) => !this.disabled.has(tool.name)).map(({ tool }) => tool.declaration);
  }

  /** Validates a call and builds its invocation, or explains why the model cannot make it. */
  build(name: string, args: unknown): BuildResult<unknown> {
    const entry = this.entries.get(name);
    if (!entry) return { ok: false, error: `Tool "${name}" does not exist. Available tools: ${this.enabledNames().join(', ')}` };
    if (this.disabled.has(name)) return { ok: false, error: `Tool "${name}" is disabled in this session. Do not call it again.` };
    return entry.tool.build(args);
  }

  /**
   * A view limited to the named tools (a subagent's allowlist). A name ending in `*` matches a
   * prefix, so `github__*` allows every tool of the `github` MCP server.
   */
  withAllowlist(allowed: readonly string[]): ToolSet {
    const matches = (name: string) =>
      allowed.some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name));
    return {
      getDeclarations: () => this.getDeclarations().filter((declaration) => matches(declaration.name)),
      getTool: (name) => (matches(name) ? this.getTool(name) : undefined),
      build: (name, args) =>
        matches(name) ? this.build(name, args) : { ok: false, error: `Tool "${name}" is not available to this agent.` },
    };
  }

  /** Calls `listener` whenever tools are added, removed, enabled or disabled. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private enabledNames(): string[] {
    return [...this.entries.keys()].filter((name) => !this.disabled.has(name));
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
