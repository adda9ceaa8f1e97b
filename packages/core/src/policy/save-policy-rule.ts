import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import type { PolicyRule } from './types.js';

/** The user-level file that "always allow (saved)" answers go to. */
export const SAVED_RULES_FILE = 'saved-approvals.toml';

/**
 * Appends rules to `<userPolicyDir>/saved-approvals.toml` (never a file in the repository),
 * writing a temporary file and renaming it over the old one so a crash cannot leave half a file.
 * Returns the file's path.
 */
export async function savePolicyRule(rules: readonly PolicyRule[], options: { userPolicyDir: string }): Promise<string> {
  const file = path.join(options.userPolicyDir, SAVED_RULES_FILE);
  await mkdir(options.userPolicyDir, { recursive: true, mode: 0o700 });
  const existing = await readExisting(file);
  const document = { rule: [...existing, ...rules.map(toToml)] };
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, stringifyToml(document) + '\n', { mode: 0o600 });
  await rename(temporary, file);
  return file;
}

async function readExisting(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = parseToml(text) as { rule?: unknown };
  if (parsed.rule !== undefined && !Array.isArray(parsed.rule)) {
    throw new Error(`${file}: \`rule\` must be an array of tables; fix or remove the file before saving more approvals`);
  }
  return parsed.rule ?? [];
}

/** The policy-file shape of a rule (see policy-file.ts). */
function toToml(rule: PolicyRule): Record<string, unknown> {
  const isShell = rule.kind === 'execute' && rule.toolName === '*';
  const entries: Record<string, unknown> = { tool: isShell ? 'shell' : rule.toolName, decision: rule.decision };
  if (rule.kind && !isShell) entries['kind'] = rule.kind;
  if (rule.serverName) entries['server'] = rule.serverName;
  if (rule.commandPrefix) entries['command'] = rule.commandPrefix;
  if (rule.commandRegex) entries['command_regex'] = rule.commandRegex;
  if (rule.pathGlobs) entries['paths'] = [...rule.pathGlobs];
  if (rule.argsPattern) entries['args'] = rule.argsPattern;
  if (rule.priority !== undefined) entries['priority'] = rule.priority;
  if (rule.modes) entries['modes'] = [...rule.modes];
  if (rule.denyMessage) entries['message'] = rule.denyMessage;
  if (rule.workspaceRoot) entries['workspace'] = rule.workspaceRoot;
  return entries;
}
