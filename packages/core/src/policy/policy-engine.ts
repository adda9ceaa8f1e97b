import path from 'node:path';
import { effectiveApprovalMode, isReadOnlyKind, modeDefaultDecision, planModeRefusal } from './approval-modes.js';
import { loadPolicyDirectory } from './policy-file.js';
import { mentionsProtectedPath, protectedPathReason } from './protected-paths.js';
import { commandPatternMatches, isInside, isUnconditional, ruleAppliesToCall, validateRule } from './rule-match.js';
import { formatRule } from './rule-syntax.js';
import { savePolicyRule } from './save-policy-rule.js';
import { loadBashParser, type BashParser, type BashParserLocation } from './shell/bash-parser.js';
import { isReadOnlyCommand } from './shell/read-only-commands.js';
import { analyzeShellCommand, type ShellAnalysis, type SubCommand } from './shell/shell-analysis.js';
import {
  POLICY_LAYERS,
  type LayeredRule,
  type PolicyDecision,
  type PolicyInput,
  type PolicyLayer,
  type PolicyResult,
  type PolicyRule,
  type ToolKind,
} from './types.js';

/** The admin policy folder; tests and packagers pass their own. */
export const DEFAULT_ADMIN_POLICY_DIR = '/etc/alfred-cli/policies';

/** What the engine needs, and nothing more. */
export interface PolicyEngineOptions {
  readonly workspaceRoot: string;
  /** From `resolveAlfredPaths()`: `~` and `$ALFRED_HOME`. */
  readonly userHome: string;
  readonly alfredHome: string;
  /** False in headless mode: whatever would ask is denied, since no one can answer. */
  readonly interactive: boolean;
  /** Workspace rules (settings and `.alfred/policies`) are used only in a trusted folder. */
  readonly workspaceTrusted: boolean;
  /** System settings can forbid yolo; the mode then behaves as `default`. */
  readonly yoloAllowed?: boolean;
  /** Rules as plain data, per layer (settings lists, `--allow`/`--ask`/`--deny` flags as `runtime`). */
  readonly rules?: Partial<Record<PolicyLayer, readonly PolicyRule[]>>;
  /** Policy folders; defaults: `/etc/alfred-cli/policies`, `$ALFRED_HOME/policies`, `<workspace>/.alfred/policies`. */
  readonly policyDirs?: { readonly admin?: string; readonly user?: string; readonly workspace?: string };
  readonly parserLocation?: BashParserLocation;
}

interface Verdict {
  readonly decision: PolicyDecision;
  readonly reason: string;
  readonly rule?: LayeredRule;
}

const SEVERITY: Record<PolicyDecision, number> = { deny: 2, ask_user: 1, allow: 0 };

/**
 * Decides `allow | deny | ask_user` for each tool call from layered rules and the approval mode.
 * Layers: admin > runtime (flags, session answers) > user > workspace (trusted folders only, and
 * only able to tighten). Inside a layer deny beats ask beats allow, then higher priority. Shell
 * commands are parsed and every command they would run is judged; anything not understood asks
 * (denies when headless).
 */
export class PolicyEngine {
  private readonly rules: LayeredRule[] = [];
  /** Problems found in policy files; the rules concerned are not used. */
  readonly loadErrors: readonly string[];
  readonly userPolicyDir: string;

  private constructor(
    private readonly options: PolicyEngineOptions,
    private readonly parser: BashParser,
    rules: readonly LayeredRule[],
    loadErrors: readonly string[],
  ) {
    this.rules.push(...rules);
    this.loadErrors = loadErrors;
    this.userPolicyDir = options.policyDirs?.user ?? path.join(options.alfredHome, 'policies');
  }

  /** Loads the bash parser and the policy folders. Throws on rules given as data that are invalid. */
  static async create(options: PolicyEngineOptions): Promise<PolicyEngine> {
    const parser = await loadBashParser(options.parserLocation);
    const rules: LayeredRule[] = [];
    for (const layer of POLICY_LAYERS) {
      for (const rule of options.rules?.[layer] ?? []) {
        validateRule(rule);
        rules.push({ ...rule, layer });
      }
    }
    const dirs = {
      admin: options.policyDirs?.admin ?? DEFAULT_ADMIN_POLICY_DIR,
      user: options.policyDirs?.user ?? path.join(options.alfredHome, 'policies'),
      workspace: options.policyDirs?.workspace ?? path.join(options.workspaceRoot, '.alfred', 'policies'),
    };
    const errors: string[] = [];
    for (const layer of ['admin', 'user', 'workspace'] as const) {
      if (layer === 'workspace' && !options.workspaceTrusted) continue;
      const loaded = await loadPolicyDirectory(dirs[layer], layer, parser);
      rules.push(...loaded.rules);
      errors.push(...loaded.errors);
    }
    return new PolicyEngine(options, parser, rules, errors);
  }

  /** Decides one tool call. */
  async check(input: PolicyInput): Promise<PolicyResult> {
    const mode = effectiveApprovalMode(input.approvalMode, { yoloAllowed: this.options.yoloAllowed ?? true });
    const call: PolicyInput = { ...input, approvalMode: mode };
    const context = { workspaceRoot: this.options.workspaceRoot };
    const applicable = this.activeRules().filter((rule) => ruleAppliesToCall(rule, call, context));
    const result = call.kind === 'execute' && call.command !== undefined ? this.checkShell(call, applicable) : this.checkCall(call, applicable);
    return this.options.interactive || result.decision !== 'ask_user' ? result : headlessRefusal(result);
  }

  /** Parses a command the way `check` does (for the confirmation dialog). */
  analyzeCommand(command: string, cwd = this.options.workspaceRoot): ShellAnalysis {
    return analyzeShellCommand(this.parser, command, { cwd, userHome: this.options.userHome });
  }

  /** True when a deny rule covers every call of the tool, so the model should not see it. */
  isToolHidden(toolName: string, details: { kind?: ToolKind; serverName?: string } = {}): boolean {
    const probe: PolicyInput = { toolName, kind: details.kind ?? 'other', args: {}, approvalMode: 'default', ...details };
    const context = { workspaceRoot: this.options.workspaceRoot };
    for (const layer of POLICY_LAYERS) {
      const relevant = this.activeRules().filter(
        (rule) => rule.layer === layer && (!rule.kind || details.kind !== undefined) && ruleAppliesToCall({ ...rule, modes: undefined, commandPrefix: undefined, commandRegex: undefined, pathGlobs: undefined, argsPattern: undefined }, probe, context),
      );
      if (relevant.some((rule) => rule.decision === 'deny' && isUnconditional(rule))) return true;
      if (relevant.some((rule) => rule.decision !== 'deny' && (layer !== 'workspace' || rule.decision === 'ask_user'))) return false;
    }
    return false;
  }

  /** Adds a rule for the rest of this session (runtime layer). */
  addSessionRule(rule: PolicyRule): void {
    validateRule(rule);
    this.rules.push({ ...rule, layer: 'runtime' });
  }

  /**
   * The rules an "always allow" answer would add: the exact sub-commands that asked, or the tool
   * (and MCP server). Empty when the call cannot be captured safely (a command with parts only
   * known at run time); the dialog should then offer "once" only.
   */
  rulesForApproval(input: PolicyInput): PolicyRule[] {
    if (input.kind !== 'execute' || input.command === undefined) {
      return [{ toolName: input.toolName, decision: 'allow', ...(input.serverName ? { serverName: input.serverName } : {}) }];
    }
    const analysis = this.analyzeCommand(input.command, input.cwd);
    if (analysis.problems.length > 0) return [];
    const needed = analysis.subCommands.filter((sub) => !isReadOnlyCommand(sub));
    const exact = needed.map((sub) => sub.words.map((word) => word.value));
    if (exact.some((words) => words.some((value) => value === undefined || /\s|^$/.test(value)))) return [];
    return exact.map((words) => ({ toolName: '*', kind: 'execute', decision: 'allow', commandPrefix: words.join(' ') }));
  }

  /**
   * Records an "always allow" answer: for this session, or saved to the user-level policy file and
   * scoped to this workspace. Returns the rules added.
   */
  async rememberApproval(input: PolicyInput, scope: 'session' | 'save'): Promise<PolicyRule[]> {
    const rules = this.rulesForApproval(input).map((rule) => ({
      ...rule,
      ...(scope === 'save' ? { workspaceRoot: this.options.workspaceRoot } : {}),
      source: scope === 'save' ? 'saved approval' : 'session approval',
    }));
    if (scope === 'save' && rules.length > 0) {
      const file = await savePolicyRule(rules, { userPolicyDir: this.userPolicyDir });
      rules.forEach((rule) => this.rules.push({ ...rule, source: file, layer: 'user' }));
    } else rules.forEach((rule) => this.addSessionRule(rule));
    return rules;
  }

  private activeRules(): LayeredRule[] {
    return this.rules.filter((rule) => rule.layer !== 'workspace' || this.options.workspaceTrusted);
  }

  private checkCall(call: PolicyInput, applicable: readonly LayeredRule[]): PolicyResult {
    const verdict = decide(applicable, { decision: modeDefaultDecision(call.approvalMode, call.kind), reason: modeReason(call) });
    if (call.approvalMode === 'plan' && !isReadOnlyKind(call.kind) && call.kind !== 'fetch') {
      // A deny rule explains itself; the mode's own refusal is told in words the model can act on.
      return verdict.decision === 'deny' && verdict.rule ? verdict : { decision: 'deny', reason: planModeRefusal(call.toolName) };
    }
    if (isReadOnlyKind(call.kind) || verdict.decision !== 'allow') return verdict;
    const guarded = (call.paths ?? []).map((target) => protectedPathReason(target, this.options)).find(Boolean);
    return guarded ? { decision: 'ask_user', reason: `${call.toolName} ${guarded}; this always needs approval` } : verdict;
  }

  private checkShell(call: PolicyInput, applicable: readonly LayeredRule[]): PolicyResult {
    const cwd = call.cwd ?? this.options.workspaceRoot;
    const analysis = this.analyzeCommand(call.command as string, cwd);
    const verdicts = analysis.subCommands.map((sub) => this.judgeSubCommand(call, sub, cwd, applicable));
    verdicts.push(...analysis.redirections.filter((r) => r.writes && r.path !== undefined).map((r) => this.judgeRedirection(call, r.path as string)));
    if (analysis.problems.length > 0) {
      const reason = `the command could not be fully analysed (${analysis.problems.join('; ')})`;
      verdicts.push({ decision: call.approvalMode === 'plan' ? 'deny' : 'ask_user', reason });
    }
    return { ...combine(verdicts), shell: analysis };
  }

  private judgeSubCommand(call: PolicyInput, sub: SubCommand, cwd: string, applicable: readonly LayeredRule[]): Verdict {
    const readOnly = isReadOnlyCommand(sub);
    const rules = applicable.filter((rule) => commandPatternMatches(rule, sub));
    const fallback = {
      decision: modeDefaultDecision(call.approvalMode, 'execute', readOnly),
      reason: readOnly ? `\`${sub.text}\` only reads` : modeReason(call, `\`${sub.text}\``),
    };
    const verdict = decide(rules, fallback, sub.text);
    if (!readOnly && call.approvalMode === 'plan') {
      return verdict.decision === 'deny' && verdict.rule ? verdict : { decision: 'deny', reason: planModeRefusal(`${call.toolName}: ${sub.text}`) };
    }
    if (readOnly || verdict.decision !== 'allow') return verdict;
    const guarded = sub.words.map((word) => (word.value ? mentionsProtectedPath(word.value, cwd, this.options) : undefined)).find(Boolean);
    return guarded ? { decision: 'ask_user', reason: `\`${sub.text}\` may touch a protected path (${guarded}); this always needs approval` } : verdict;
  }

  private judgeRedirection(call: PolicyInput, target: string): Verdict {
    if (call.approvalMode === 'plan') return { decision: 'deny', reason: planModeRefusal(`${call.toolName}: a redirection to ${target}`) };
    const guarded = protectedPathReason(target, this.options);
    if (guarded) return { decision: 'ask_user', reason: `a redirection ${guarded} (${target}); this always needs approval` };
    const where = isInside(target, this.options.workspaceRoot) ? 'inside the workspace' : 'OUTSIDE the workspace';
    const decision = call.approvalMode === 'yolo' ? 'allow' : 'ask_user';
    return { decision, reason: `a redirection writes ${target} (${where})` };
  }
}

/** The strongest rule of the first layer that has one; workspace allow rules never loosen. */
function decide(rules: readonly LayeredRule[], fallback: Verdict, subject?: string): Verdict {
  for (const layer of POLICY_LAYERS) {
    const inLayer = rules.filter((rule) => rule.layer === layer && (layer !== 'workspace' || rule.decision !== 'allow'));
    if (inLayer.length === 0) continue;
    const [rule] = [...inLayer].sort((a, b) => SEVERITY[b.decision] - SEVERITY[a.decision] || (b.priority ?? 0) - (a.priority ?? 0));
    const chosen = rule as LayeredRule;
    if (layer === 'workspace' && SEVERITY[chosen.decision] <= SEVERITY[fallback.decision]) return fallback;
    const what = subject ? `\`${subject}\`` : 'the call';
    const reason = chosen.decision === 'deny' && chosen.denyMessage ? chosen.denyMessage : `${what} matches ${layer} rule ${formatRule(chosen)}${chosen.source ? ` (${chosen.source})` : ''}`;
    return { decision: chosen.decision, reason, rule: chosen };
  }
  return fallback;
}

/** Every part must be allowed; the first denial explains, otherwise every reason to ask is listed. */
function combine(verdicts: readonly Verdict[]): Verdict {
  const denied = verdicts.find((verdict) => verdict.decision === 'deny');
  if (denied) return denied;
  const asking = verdicts.filter((verdict) => verdict.decision === 'ask_user');
  if (asking.length > 0) return { decision: 'ask_user', reason: asking.map((verdict) => verdict.reason).join('; '), ...(asking[0]?.rule ? { rule: asking[0].rule } : {}) };
  if (verdicts.length === 0) return { decision: 'ask_user', reason: 'the command runs nothing that could be identified' };
  return { decision: 'allow', reason: verdicts.map((verdict) => verdict.reason).join('; ') };
}

function modeReason(call: PolicyInput, subject = call.toolName): string {
  return `${subject} may change state, so the ${call.approvalMode} approval mode decides it`;
}

function headlessRefusal(result: PolicyResult): PolicyResult {
  return {
    ...result,
    decision: 'deny',
    reason: `${result.reason}. It needs approval and no one can be asked in headless mode; allow it with --allow or a policy rule, or choose another approach.`,
  };
}
