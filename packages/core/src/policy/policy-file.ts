import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import type { BashParser } from './shell/bash-parser.js';
import { analyzeShellCommand } from './shell/shell-analysis.js';
import { commandPatternMatches, validateRule } from './rule-match.js';
import { APPROVAL_MODES, TOOL_KINDS, type PolicyLayer, type LayeredRule, type PolicyRule } from './types.js';

/**
 * Policy files: `*.toml` with `[[rule]]` tables. Example:
 *
 *     [[rule]]
 *     tool = "shell"            # or a tool-name glob; "shell" means every execute tool
 *     command = "git push *"
 *     decision = "ask_user"
 *     match = ["git push origin main"]
 *     not_match = ["git pull"]
 */
const ruleSchema = z
  .object({
    tool: z.string().min(1),
    decision: z.enum(['allow', 'deny', 'ask_user']),
    kind: z.enum(TOOL_KINDS as [string, ...string[]]).optional(),
    server: z.string().min(1).optional(),
    command: z.string().min(1).optional(),
    command_regex: z.string().min(1).optional(),
    paths: z.array(z.string().min(1)).optional(),
    args: z.string().min(1).optional(),
    priority: z.number().int().optional(),
    modes: z.array(z.enum(APPROVAL_MODES as [string, ...string[]])).optional(),
    message: z.string().optional(),
    workspace: z.string().min(1).optional(),
    match: z.array(z.string()).optional(),
    not_match: z.array(z.string()).optional(),
  })
  .strict();

const fileSchema = z.object({ rule: z.array(z.unknown()).default([]) }).strict();

/** The rules of one layer's policy folder, and what was wrong with the rest. */
export interface LoadedPolicies {
  readonly rules: LayeredRule[];
  /** One message per file or rule that was not used, naming the file and the rule. */
  readonly errors: string[];
}

/** Reads every `*.toml` in `directory` (missing folder: no rules). Bad rules are reported, not used. */
export async function loadPolicyDirectory(directory: string, layer: PolicyLayer, parser: BashParser): Promise<LoadedPolicies> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.toml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { rules: [], errors: [] };
    throw error;
  }
  const loaded: LoadedPolicies = { rules: [], errors: [] };
  for (const name of names) {
    const file = path.join(directory, name);
    const result = parsePolicyFile(await readFile(file, 'utf8'), file, layer, parser);
    loaded.rules.push(...result.rules);
    loaded.errors.push(...result.errors);
  }
  return loaded;
}

/** Parses one policy file's text. */
export function parsePolicyFile(text: string, file: string, layer: PolicyLayer, parser: BashParser): LoadedPolicies {
  let document: unknown;
  try {
    document = parseToml(text);
  } catch (error) {
    return { rules: [], errors: [`${file}: not valid TOML: ${(error as Error).message}`] };
  }
  const shape = fileSchema.safeParse(document);
  if (!shape.success) return { rules: [], errors: [`${file}: ${z.prettifyError(shape.error)}`] };
  const loaded: LoadedPolicies = { rules: [], errors: [] };
  shape.data.rule.forEach((raw, index) => {
    const where = `${file}: rule ${index + 1}`;
    const parsed = ruleSchema.safeParse(raw);
    if (!parsed.success) {
      loaded.errors.push(`${where}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`);
      return;
    }
    const rule = toRule(parsed.data, `${file}#${index + 1}`);
    const problem = checkRule(rule, parsed.data, parser);
    if (problem) loaded.errors.push(`${where}: ${problem}; the rule is not used`);
    else loaded.rules.push({ ...rule, layer });
  });
  return loaded;
}

type RawRule = z.infer<typeof ruleSchema>;

function toRule(raw: RawRule, source: string): PolicyRule {
  const isShell = raw.tool === 'shell';
  return {
    toolName: isShell ? '*' : raw.tool,
    decision: raw.decision,
    source,
    ...(isShell || raw.kind ? { kind: isShell ? 'execute' : (raw.kind as PolicyRule['kind']) } : {}),
    ...(raw.server ? { serverName: raw.server } : {}),
    ...(raw.command ? { commandPrefix: raw.command } : {}),
    ...(raw.command_regex ? { commandRegex: raw.command_regex } : {}),
    ...(raw.paths ? { pathGlobs: raw.paths } : {}),
    ...(raw.args ? { argsPattern: raw.args } : {}),
    ...(raw.priority !== undefined ? { priority: raw.priority } : {}),
    ...(raw.modes ? { modes: raw.modes as PolicyRule['modes'] } : {}),
    ...(raw.message ? { denyMessage: raw.message } : {}),
    ...(raw.workspace ? { workspaceRoot: raw.workspace } : {}),
  };
}

/** Validates regexes and runs the rule's `match` / `not_match` examples through the real parser. */
function checkRule(rule: PolicyRule, raw: RawRule, parser: BashParser): string | undefined {
  try {
    validateRule(rule);
  } catch (error) {
    return (error as Error).message;
  }
  const examples = [...(raw.match ?? []), ...(raw.not_match ?? [])];
  if (examples.length === 0) return undefined;
  if (!rule.commandPrefix && !rule.commandRegex) return 'match/not_match examples need `command` or `command_regex`';
  const covers = (example: string): boolean => {
    const analysis = analyzeShellCommand(parser, example, { cwd: '/', userHome: '/' });
    return analysis.problems.length === 0 && analysis.subCommands.length > 0 && analysis.subCommands.every((sub) => commandPatternMatches(rule, sub));
  };
  const missed = (raw.match ?? []).find((example) => !covers(example));
  if (missed !== undefined) return `example "${missed}" in \`match\` is not matched`;
  const wrong = (raw.not_match ?? []).find((example) => covers(example));
  if (wrong !== undefined) return `example "${wrong}" in \`not_match\` is matched`;
  return undefined;
}
