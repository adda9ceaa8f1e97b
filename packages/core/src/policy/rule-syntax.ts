import { TOOL_KINDS, type PolicyDecision, type PolicyRule, type ToolKind } from './types.js';

/**
 * The one-line rule form used in settings lists and on the command line:
 * `shell(git status)`, `shell(npm run test *)`, `edit(src/**)`, `web_fetch`, `github__*`.
 * A kind name (`edit`, `delete`, `read` …) means every tool of that kind; `shell` means every
 * `execute` tool; anything else is a tool-name glob.
 */
export class RuleSyntaxError extends Error {
  constructor(
    readonly line: string,
    detail: string,
  ) {
    super(`Invalid policy rule "${line}": ${detail}`);
    this.name = 'RuleSyntaxError';
  }
}

const RULE_LINE = /^([A-Za-z0-9_*?.-]+)(?:\((.*)\))?$/s;
const PATH_KINDS: readonly ToolKind[] = ['read', 'edit', 'delete', 'move', 'search'];

/** Parses one rule line; throws `RuleSyntaxError` naming what is wrong. */
export function parseRuleLine(line: string, decision: PolicyDecision, source?: string): PolicyRule {
  const trimmed = line.trim();
  const match = RULE_LINE.exec(trimmed);
  if (!match) {
    throw new RuleSyntaxError(line, 'expected `tool`, `tool(argument)` or a glob such as `github__*`');
  }
  const name = match[1] as string;
  const argument = match[2]?.trim();
  if (argument === '') throw new RuleSyntaxError(line, 'empty parentheses; drop them to match every call');
  const base = { decision, ...(source ? { source } : {}) };
  if (name === 'shell') {
    return { ...base, toolName: '*', kind: 'execute', ...(argument ? { commandPrefix: argument } : {}) };
  }
  if ((TOOL_KINDS as readonly string[]).includes(name)) {
    const kind = name as ToolKind;
    if (argument && !PATH_KINDS.includes(kind)) {
      throw new RuleSyntaxError(line, `\`${kind}\` takes no argument; only shell(...) and ${PATH_KINDS.join('/')}(path glob) do`);
    }
    return { ...base, toolName: '*', kind, ...(argument ? { pathGlobs: [argument] } : {}) };
  }
  if (argument) {
    throw new RuleSyntaxError(line, `only shell(...) and ${PATH_KINDS.join('/')}(path glob) take an argument`);
  }
  return { ...base, toolName: name };
}

/** Parses repeated `--allow`, `--ask` and `--deny` flags (or settings lists) into rules. */
export function parseRuleLines(
  lines: { allow?: readonly string[]; ask?: readonly string[]; deny?: readonly string[] },
  source: string,
): PolicyRule[] {
  return [
    ...(lines.allow ?? []).map((line) => parseRuleLine(line, 'allow', source)),
    ...(lines.ask ?? []).map((line) => parseRuleLine(line, 'ask_user', source)),
    ...(lines.deny ?? []).map((line) => parseRuleLine(line, 'deny', source)),
  ];
}

/** The one-line form of a rule, for messages and the `/policy` listing. */
export function formatRule(rule: PolicyRule): string {
  let head = rule.toolName;
  if (rule.kind === 'execute' && rule.toolName === '*') head = 'shell';
  else if (rule.kind && rule.toolName === '*') head = rule.kind;
  const argument = rule.commandPrefix ?? rule.pathGlobs?.join(', ') ?? (rule.commandRegex ? `/${rule.commandRegex}/` : undefined);
  const server = rule.serverName ? ` [server ${rule.serverName}]` : '';
  return `${argument ? `${head}(${argument})` : head}${server}`;
}
