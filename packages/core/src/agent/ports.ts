/**
 * The narrow interfaces the agent loop needs from tools and policy. The loop depends on these, not
 * on the registry or the policy engine, so each side can change without the other and tests can
 * give the loop small fakes at our own interfaces.
 */
import type { ContentBlock } from '../content/content.js';
import type { ToolDeclaration } from '../providers/provider.js';
import type { ConfirmationOutcome, ConfirmationView, ToolResultView } from './events.js';

/** What a finished tool hands back: the model's copy and the user's copy, kept apart. */
export interface ToolExecution {
  /** What the model reads: text, or blocks when the result includes media. */
  llmContent: string | ContentBlock[];
  view: ToolResultView;
  /** Set when the tool failed; the message goes to the model as the response's error. */
  error?: string;
}

/** A validated tool call, ready to be approved and run. */
export interface PreparedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
  /** One line for the user ("Edit src/app.ts"). */
  readonly description: string;
  readonly kind: string;
  /** Read-only calls of one model turn run in parallel. */
  readonly readOnly: boolean;
  /** What the confirmation dialog shows; undefined when the tool never needs one. */
  confirmationView(signal: AbortSignal): Promise<ConfirmationView | undefined>;
  execute(signal: AbortSignal, onOutput: (chunk: string) => void): Promise<ToolExecution>;
}

/** Tools as the loop sees them. */
export interface AgentToolbox {
  /** The declarations sent to the model this turn (enabled, not hidden by policy). */
  declarations(): readonly ToolDeclaration[];
  /** Looks up and validates a call; an error string is returned to the model as the response. */
  prepare(name: string, args: Record<string, unknown>): PreparedCall | { error: string };
}

/** The policy's verdict on one call before any confirmation. */
export type ApprovalVerdict = { decision: 'allow' } | { decision: 'deny'; reason: string } | { decision: 'ask' };

/** Policy as the loop sees it. */
export interface ApprovalGate {
  check(call: PreparedCall, signal: AbortSignal): Promise<ApprovalVerdict>;
  /** Records a user's answer ("always allow" answers become rules). */
  remember(call: PreparedCall, outcome: ConfirmationOutcome): void | Promise<void>;
}
