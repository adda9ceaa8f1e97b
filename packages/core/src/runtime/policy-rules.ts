import type { SettingsLayer } from '../settings/read-layer.js';
import { parseRuleLines } from '../policy/rule-syntax.js';
import type { PolicyLayer, PolicyRule } from '../policy/types.js';

/** `--allow`, `--ask`, `--deny` as typed on the command line. */
export interface RuleFlags {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
}

const SCOPE_TO_LAYER: Record<SettingsLayer['scope'], PolicyLayer> = {
  'system-defaults': 'admin',
  system: 'admin',
  user: 'user',
  workspace: 'workspace',
  ephemeral: 'runtime',
};

/**
 * Policy rules per layer: each settings file's `policy` lists go to the layer of that file (system
 * files are admin rules), and command-line flags form the runtime layer. A bad rule line is
 * reported and skipped; the others still apply.
 */
export function policyRulesFromSettings(
  layers: readonly SettingsLayer[],
  flags: RuleFlags,
): { rules: Partial<Record<PolicyLayer, PolicyRule[]>>; errors: string[] } {
  const rules: Partial<Record<PolicyLayer, PolicyRule[]>> = {};
  const errors: string[] = [];
  const add = (layer: PolicyLayer, lines: RuleFlags, source: string) => {
    for (const decision of ['allow', 'ask', 'deny'] as const) {
      for (const line of lines[decision] ?? []) {
        try {
          (rules[layer] ??= []).push(...parseRuleLines({ [decision]: [line] }, source));
        } catch (error) {
          errors.push(`${source}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  };
  for (const layer of layers) {
    const policy = layer.values['policy'] as RuleFlags | undefined;
    if (policy) add(SCOPE_TO_LAYER[layer.scope], policy, layer.path ?? 'settings');
  }
  add('runtime', flags, 'command line');
  return { rules, errors };
}
