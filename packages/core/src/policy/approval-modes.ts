import { APPROVAL_MODES, type ApprovalMode, type PolicyDecision, type ToolKind } from './types.js';

/**
 * What each approval mode decides when no rule does. `default` asks before anything that changes
 * state, `auto_edit` also allows file edits, `yolo` allows everything, `plan` only reads.
 */
const READ_ONLY_KINDS: ReadonlySet<ToolKind> = new Set(['read', 'search', 'think']);

const MODE_DEFAULTS: Record<ApprovalMode, Partial<Record<ToolKind, PolicyDecision>> & { otherwise: PolicyDecision }> = {
  default: { otherwise: 'ask_user' },
  auto_edit: { edit: 'allow', move: 'allow', otherwise: 'ask_user' },
  yolo: { otherwise: 'allow' },
  plan: { fetch: 'ask_user', otherwise: 'deny' },
};

/** Whether a kind of tool can only read (so plan mode and every other mode allow it). */
export function isReadOnlyKind(kind: ToolKind): boolean {
  return READ_ONLY_KINDS.has(kind);
}

/**
 * The mode's decision for a call no rule decided. `readOnly` says a call of a state-changing kind
 * was found to only read (a shell command such as `git status`).
 */
export function modeDefaultDecision(mode: ApprovalMode, kind: ToolKind, readOnly = false): PolicyDecision {
  if (readOnly || isReadOnlyKind(kind)) return 'allow';
  const defaults = MODE_DEFAULTS[mode];
  return defaults[kind] ?? defaults.otherwise;
}

/** The refusal plan mode sends back to the model, phrased so it changes course. */
export function planModeRefusal(toolName: string): string {
  return (
    `alfred is in plan mode, where only reading and searching are allowed, so \`${toolName}\` was not run. ` +
    'Do not try to change files or run commands another way. Finish investigating, then present your plan; ' +
    'the user will switch modes to carry it out.'
  );
}

/** The mode that Shift+Tab moves to; yolo is skipped when system settings forbid it. */
export function nextApprovalMode(current: ApprovalMode, options: { yoloAllowed: boolean }): ApprovalMode {
  const cycle = APPROVAL_MODES.filter((mode) => mode !== 'yolo' || options.yoloAllowed);
  const index = cycle.indexOf(current);
  return cycle[(index + 1) % cycle.length] as ApprovalMode;
}

/** The mode in force: yolo falls back to default when system settings forbid it. */
export function effectiveApprovalMode(requested: ApprovalMode, options: { yoloAllowed: boolean }): ApprovalMode {
  return requested === 'yolo' && !options.yoloAllowed ? 'default' : requested;
}
