import type { Kind } from './kind.js';
import type { ToolResult } from './tool-result.js';

/** A path a tool call will touch, resolved (absolute, symlinks followed), for policy and checkpoints. */
export interface ToolLocation {
  readonly path: string;
  /** 1-based line, when the call targets a place inside the file. */
  readonly line?: number;
}

/**
 * What the user is asked to approve. The policy engine decides whether to ask; the invocation only
 * describes what it would do.
 */
export type ToolConfirmationDetails =
  | {
      readonly type: 'edit';
      readonly title: string;
      readonly path: string;
      /** Unified diff of the current content against the proposal. */
      readonly diff: string;
      readonly originalContent: string | null;
      readonly newContent: string;
    }
  | { readonly type: 'exec'; readonly title: string; readonly command: string; readonly cwd: string }
  | { readonly type: 'fetch'; readonly title: string; readonly url: string }
  | {
      readonly type: 'mcp';
      readonly title: string;
      readonly server: string;
      readonly tool: string;
      readonly args: Readonly<Record<string, unknown>>;
    };

/** Live output while a tool runs (shell output so far, progress). Replaces what was shown before. */
export type UpdateOutput = (output: string) => void;

/**
 * One validated call of a tool, ready to be described, approved and run. Built by
 * `DeclarativeTool.build()`; arguments are already checked when this exists.
 */
export interface ToolInvocation<TParams = unknown> {
  readonly toolName: string;
  readonly kind: Kind;
  readonly params: TParams;
  /** One line for the UI and the policy log: `Read src/index.ts (lines 1-200)`. */
  getDescription(): string;
  /** The paths this call touches, resolved inside the workspace. */
  toolLocations(): readonly ToolLocation[];
  /** What the user would be asked to approve, or false when there is nothing to show. */
  shouldConfirmExecute(signal: AbortSignal): Promise<ToolConfirmationDetails | false>;
  /**
   * Replaces the proposed file content with the user's edited version before execution
   * (the "modify" answer of an edit confirmation). Only edit-kind invocations implement it.
   */
  applyModifiedContent?(newContent: string): void;
  /** Runs the call. Never throws for failures the model can act on: they come back as `error`. */
  execute(signal: AbortSignal, updateOutput?: UpdateOutput): Promise<ToolResult>;
}
