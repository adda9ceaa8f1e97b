import type { ConfirmationOutcome } from '../agent/events.js';
import type { ApprovalGate, ApprovalVerdict, PreparedCall } from '../agent/ports.js';
import type { PolicyEngine } from '../policy/policy-engine.js';
import type { ApprovalMode, PolicyInput, ToolKind } from '../policy/types.js';
import type { InvocationCall } from './tool-adapter.js';

export interface ApprovalOptions {
  policy: PolicyEngine;
  /** Read at every call so Shift+Tab takes effect at once. */
  approvalMode: () => ApprovalMode;
  workspaceRoot: string;
}

/** The policy engine as the agent loop's approval gate. */
export function createApprovalGate(options: ApprovalOptions): ApprovalGate {
  return {
    async check(call: PreparedCall): Promise<ApprovalVerdict> {
      const result = await options.policy.check(policyInput(call, options));
      if (result.decision === 'allow') return { decision: 'allow' };
      if (result.decision === 'deny') return { decision: 'deny', reason: result.reason };
      return { decision: 'ask' };
    },
    async remember(call: PreparedCall, outcome: ConfirmationOutcome) {
      if (outcome.kind !== 'proceed_always_session' && outcome.kind !== 'proceed_always_save') return;
      await options.policy.rememberApproval(policyInput(call, options), outcome.kind === 'proceed_always_save' ? 'save' : 'session');
    },
  };
}

/** Maps a prepared call onto what the policy reads: kind, resolved paths, the command line. */
export function policyInput(call: PreparedCall, options: Pick<ApprovalOptions, 'approvalMode' | 'workspaceRoot'>): PolicyInput {
  const invocation = (call as Partial<InvocationCall>).invocation;
  const paths = invocation?.toolLocations().map((location) => location.path) ?? [];
  const command = call.kind === 'execute' && typeof call.args['command'] === 'string' ? call.args['command'] : undefined;
  const serverName = call.name.includes('__') ? call.name.split('__')[0] : undefined;
  return {
    toolName: call.name,
    kind: call.kind as ToolKind,
    args: call.args,
    ...(paths.length > 0 ? { paths } : {}),
    ...(command !== undefined ? { command, cwd: options.workspaceRoot } : {}),
    ...(call.kind === 'mcp' && serverName ? { serverName } : {}),
    approvalMode: options.approvalMode(),
  };
}
