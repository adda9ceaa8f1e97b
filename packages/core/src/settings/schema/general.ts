import { z } from 'zod';
import { setting } from './setting.js';

/** Approval modes, from most to least cautious (plan is read-only). */
export const APPROVAL_MODE_VALUES = ['plan', 'default', 'auto_edit', 'yolo'] as const;

/** `general`: which provider and model to start with, and how long a turn may run. */
export const generalSection = {
  defaultProvider: setting(z.string().min(1), {
    default: 'anthropic',
    description: 'Provider used when none is given on the command line (`anthropic`, `openai`, `gemini`, or a name under `providers`).',
  }),
  model: setting(z.string().min(1).optional(), {
    default: undefined,
    description: "Model to start with; unset means the provider's default model.",
  }),
  defaultApprovalMode: setting(z.enum(APPROVAL_MODE_VALUES), {
    default: 'default',
    description: 'How tool calls are approved at start-up: `plan` (read-only), `default` (ask before changes), `auto_edit` (file edits allowed), `yolo` (everything allowed).',
  }),
  maxTurns: setting(z.number().int().min(1).max(1000), {
    default: 50,
    description: 'Most model requests one prompt may make before alfred asks for a final answer without tools.',
  }),
  loopDetection: setting(z.boolean(), {
    default: true,
    description: 'Stop a turn that repeats the same tool call or the same text over and over.',
  }),
  preferredEditor: setting(z.string().min(1).optional(), {
    default: undefined,
    description: 'Editor command used to edit tool arguments and files; unset means `$VISUAL`, then `$EDITOR`.',
  }),
} as const;
