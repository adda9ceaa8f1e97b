import type { PolicyResult, ToolKind } from '../policy/types.js';
import type { RenderedCommand } from '../policy/shell/render-command.js';

/** What the dialog shows beside the tool's description. */
export type ConfirmationDetails =
  | { readonly type: 'edit'; readonly filePath: string; readonly diff: string }
  | { readonly type: 'execute'; readonly command: string; readonly rendered: RenderedCommand }
  | { readonly type: 'fetch'; readonly urls: readonly string[] }
  | { readonly type: 'mcp'; readonly serverName: string; readonly toolName: string; readonly args: Readonly<Record<string, unknown>> }
  | { readonly type: 'info'; readonly prompt: string };

/** Core asks the user about one tool call. */
export interface ToolConfirmationRequest {
  readonly callId: string;
  readonly toolName: string;
  readonly kind: ToolKind;
  readonly description: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly details: ConfirmationDetails;
  /** Why the policy asks. */
  readonly policy: PolicyResult;
  /** Whether "always allow" can be offered (false when no safe rule captures the call). */
  readonly canAlwaysAllow: boolean;
}

/** The user's answer. */
export type ToolConfirmationOutcome =
  | { readonly outcome: 'proceed_once' }
  | { readonly outcome: 'proceed_always_session' }
  | { readonly outcome: 'proceed_always_save' }
  | { readonly outcome: 'modify'; readonly args: Readonly<Record<string, unknown>> }
  | { readonly outcome: 'cancel'; readonly reason?: string };

/** Who answered. */
export type DecidedBy = 'user' | 'policy' | 'headless' | 'abort';

/** One decision, as the session record keeps it (the audit trail). */
export interface ConfirmationDecision {
  readonly callId: string;
  readonly toolName: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly response: ToolConfirmationOutcome;
  readonly decidedBy: DecidedBy;
  readonly policyDecision: PolicyResult['decision'];
  readonly reason: string;
  /** ISO 8601. */
  readonly at: string;
}
