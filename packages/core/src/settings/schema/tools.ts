import { z } from 'zod';
import { setting } from './setting.js';

/** A policy rule in one-line form: a tool name, optionally with an argument pattern in parentheses. */
export const policyRuleSchema = z
  .string()
  .regex(/^[A-Za-z_][\w.-]*(\(.*\))?$/s, 'a rule is a tool name, optionally followed by a pattern in parentheses, like "shell(git status)"');

/** `tools`: which tools exist and how the shell tool behaves. */
export const toolsSection = {
  enabled: setting(z.array(z.string().min(1)).optional(), {
    default: undefined,
    description: 'If set, only these tools are offered to the model.',
  }),
  disabled: setting(z.array(z.string().min(1)), {
    default: [],
    description: 'Tools never offered to the model. Lists from every layer add up.',
    merge: 'concat',
  }),
  useRipgrep: setting(z.boolean(), {
    default: true,
    description: 'Use ripgrep for `grep` when it is installed.',
  }),
  shell: {
    timeoutSeconds: setting(z.number().int().min(1), {
      default: 120,
      description: 'Seconds before a shell command run by a tool is stopped.',
    }),
    maxOutputBytes: setting(z.number().int().min(1024), {
      default: 1_048_576,
      description: 'Most output kept from one shell command (head and tail are kept).',
    }),
  },
} as const;

/** `policy`: rules that allow, deny or ask about tool calls before the approval mode decides. */
export const policySection = {
  allow: setting(z.array(policyRuleSchema), {
    default: [],
    description: 'Tool calls run without asking, like `"shell(git status)"` or `"read_file"`. Lists from every layer add up.',
    merge: 'concat',
  }),
  deny: setting(z.array(policyRuleSchema), {
    default: [],
    description: 'Tool calls always refused. Deny wins over allow. Lists from every layer add up.',
    merge: 'concat',
  }),
  ask: setting(z.array(policyRuleSchema), {
    default: [],
    description: 'Tool calls that always ask, even in `auto_edit` or `yolo`. Lists from every layer add up.',
    merge: 'concat',
  }),
} as const;
