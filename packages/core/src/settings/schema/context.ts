import { z } from 'zod';
import { setting } from './setting.js';

const fraction = z.number().gt(0).lt(1);

/** `compression`: when history is summarised and how much of it is kept as is. */
export const compressionSection = {
  threshold: setting(fraction, {
    default: 0.7,
    description: "Compress the history when a request would use more than this fraction of the model's context window.",
  }),
  preserve: setting(fraction, {
    default: 0.3,
    description: 'Fraction of the newest history kept verbatim when compressing.',
  }),
} as const;

/** `context`: memory files and extra directories the model sees. */
export const contextSection = {
  fileNames: setting(z.array(z.string().min(1)).min(1), {
    default: ['ALFRED.md'],
    description: 'Names of memory files loaded from the home folder and from the repository root down to the current folder.',
  }),
  includeDirectories: setting(z.array(z.string().min(1)), {
    default: [],
    description: 'More directories the tools may read and write besides the workspace. Lists from every layer add up.',
    merge: 'concat',
  }),
} as const;
