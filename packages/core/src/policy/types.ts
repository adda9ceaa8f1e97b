/**
 * The policy's vocabulary: what a tool call looks like to the engine, what a rule says, and what
 * the engine answers. Kept free of the tools package so the two can evolve apart; the scheduler
 * maps its `ToolInvocation` onto `PolicyInput`.
 */

import type { ShellAnalysis } from './shell/shell-analysis.js';

/** What a tool does, as the tools package classifies it. */
export type ToolKind =
  | 'read'
  | 'edit'
  | 'delete'
  | 'move'
  | 'search'
  | 'execute'
  | 'fetch'
  | 'think'
  | 'memory'
  | 'mcp'
  | 'other';

/** Every tool kind, in a stable order (used by tests and docs). */
export const TOOL_KINDS: readonly ToolKind[] = [
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'fetch',
  'think',
  'memory',
  'mcp',
  'other',
];

/** How much the user lets alfred do without asking. */
export type ApprovalMode = 'default' | 'auto_edit' | 'yolo' | 'plan';

/** Every approval mode, in the order Shift+Tab cycles them. */
export const APPROVAL_MODES: readonly ApprovalMode[] = ['default', 'auto_edit', 'yolo', 'plan'];

/** The engine's answer for one tool call. */
export type PolicyDecision = 'allow' | 'deny' | 'ask_user';

/** Where a rule came from; also its precedence (earlier in `POLICY_LAYERS` wins). */
export type PolicyLayer = 'admin' | 'runtime' | 'user' | 'workspace';

/**
 * Precedence of layers, strongest first. `runtime` holds the user's word for this run: command-line
 * flags and "always allow for this session" answers.
 */
export const POLICY_LAYERS: readonly PolicyLayer[] = ['admin', 'runtime', 'user', 'workspace'];

/** One tool call as the policy sees it. */
export interface PolicyInput {
  readonly toolName: string;
  readonly kind: ToolKind;
  readonly args: Readonly<Record<string, unknown>>;
  /** The MCP server that provides the tool, for `mcp` tools. */
  readonly serverName?: string;
  /** Absolute, symlink-resolved paths the call touches. */
  readonly paths?: readonly string[];
  /** The shell command line, for `execute` tools. */
  readonly command?: string;
  /** Where the command runs (absolute); the workspace root when absent. */
  readonly cwd?: string;
  readonly approvalMode: ApprovalMode;
}

/** A rule as plain data: from settings, a policy file, a flag or a saved answer. */
export interface PolicyRule {
  /** Tool name glob (`shell`, `github__*`, `*`). */
  readonly toolName: string;
  /** Only for tools of this kind (`edit(src/**)` is every tool of kind `edit`). */
  readonly kind?: ToolKind;
  /** Only inside this workspace (absolute root); saved "always allow" answers carry it. */
  readonly workspaceRoot?: string;
  readonly decision: PolicyDecision;
  /** Only for tools from this MCP server. */
  readonly serverName?: string;
  /**
   * Shell command pattern, matched against each sub-command's words: `git status` matches exactly
   * that; a trailing ` *` matches any further arguments; `*` inside a word is a wildcard.
   */
  readonly commandPrefix?: string;
  /** Regular expression tested against each sub-command's canonical text. */
  readonly commandRegex?: string;
  /** Path globs (absolute, or relative to the workspace root); every touched path must match. */
  readonly pathGlobs?: readonly string[];
  /** Regular expression tested against the call's arguments as stable JSON. */
  readonly argsPattern?: string;
  /** Ties inside a layer and decision: higher wins (default 0). */
  readonly priority?: number;
  /** The modes the rule applies in (default: all). */
  readonly modes?: readonly ApprovalMode[];
  /** Said to the model when this rule denies a call. */
  readonly denyMessage?: string;
  /** Where the rule came from, for messages: a file path, `--allow`, `settings`. */
  readonly source?: string;
}

/** A rule placed in a layer. */
export interface LayeredRule extends PolicyRule {
  readonly layer: PolicyLayer;
}

/** Why the engine decided as it did, and what the user should see. */
export interface PolicyResult {
  readonly decision: PolicyDecision;
  /** One sentence for the user (and the model, when denied). */
  readonly reason: string;
  /** The rule that decided, when one did. */
  readonly rule?: LayeredRule;
  /** Shell calls: the analysis the decision was made on (for the confirmation dialog). */
  readonly shell?: ShellAnalysis;
}
