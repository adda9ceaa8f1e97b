import path from 'node:path';
import picomatch from 'picomatch';
import type { SubCommand } from './shell/shell-analysis.js';
import type { PolicyInput, PolicyRule } from './types.js';

/** What a rule's paths are relative to. */
export interface MatchContext {
  readonly workspaceRoot: string;
}

/**
 * Whether a rule is about this call: tool name, kind, MCP server, mode, workspace, arguments and
 * paths. Command patterns are checked per sub-command by `commandPatternMatches`.
 */
export function ruleAppliesToCall(rule: PolicyRule, input: PolicyInput, context: MatchContext): boolean {
  if (!picomatch.isMatch(input.toolName, rule.toolName, { dot: true })) return false;
  if (rule.kind && rule.kind !== input.kind) return false;
  if (rule.serverName && rule.serverName !== input.serverName) return false;
  if (rule.modes && !rule.modes.includes(input.approvalMode)) return false;
  if (rule.workspaceRoot && !isInside(context.workspaceRoot, rule.workspaceRoot)) return false;
  if ((rule.commandPrefix || rule.commandRegex) && input.command === undefined) return false;
  if (rule.argsPattern && !new RegExp(rule.argsPattern).test(stableJson(input.args))) return false;
  if (rule.pathGlobs) return pathsMatch(rule.pathGlobs, input.paths ?? [], context);
  return true;
}

/** Whether a rule without a command pattern covers a whole tool (and so can hide it). */
export function isUnconditional(rule: PolicyRule): boolean {
  return !rule.commandPrefix && !rule.commandRegex && !rule.pathGlobs && !rule.argsPattern && !rule.modes && !rule.serverName;
}

/** Whether a shell rule's pattern covers one sub-command; rules without a pattern cover all. */
export function commandPatternMatches(rule: PolicyRule, command: SubCommand): boolean {
  if (rule.commandRegex && !new RegExp(rule.commandRegex).test(command.text)) return false;
  if (rule.commandPrefix) return wordsMatch(rule.commandPrefix.trim().split(/\s+/), command);
  return true;
}

/**
 * Pattern words against command words. A final `*` takes any remaining words (known or not);
 * other pattern words need a word whose value is known before the command runs.
 */
function wordsMatch(pattern: readonly string[], command: SubCommand): boolean {
  const words = command.words;
  const open = pattern.at(-1) === '*';
  const fixed = open ? pattern.slice(0, -1) : pattern;
  if (words.length < fixed.length) return false;
  if (!open && (words.length !== fixed.length || command.dynamicArguments)) return false;
  return fixed.every((token, index) => {
    const value = words[index]?.value;
    if (value === undefined) return false;
    return token.includes('*') ? wildcard(token).test(value) : token === value;
  });
}

function wildcard(token: string): RegExp {
  const escaped = token.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 's');
}

function pathsMatch(globs: readonly string[], paths: readonly string[], context: MatchContext): boolean {
  if (paths.length === 0) return false;
  const absoluteGlobs = globs.map((glob) => (path.isAbsolute(glob) ? glob : path.join(context.workspaceRoot, glob)));
  const matcher = picomatch(absoluteGlobs, { dot: true });
  return paths.every((candidate) => matcher(path.resolve(candidate)));
}

/** Whether `child` is `parent` or inside it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Checks a rule's regular expressions and fields; throws naming the rule's source. */
export function validateRule(rule: PolicyRule): void {
  for (const [field, pattern] of [['commandRegex', rule.commandRegex], ['argsPattern', rule.argsPattern]] as const) {
    if (pattern === undefined) continue;
    try {
      new RegExp(pattern);
    } catch (error) {
      throw new Error(`Policy rule from ${rule.source ?? 'settings'}: ${field} is not a valid regular expression (${(error as Error).message})`);
    }
  }
}
