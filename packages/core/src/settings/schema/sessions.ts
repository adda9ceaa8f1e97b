import { z } from 'zod';
import { SYSTEM_AND_USER, setting } from './setting.js';

/** `sessions`: how long recordings are kept and whether earlier sessions are recalled. */
export const sessionsSection = {
  retentionDays: setting(z.number().int().min(0), {
    default: 30,
    description: 'Days a recorded session is kept after its last change; 0 keeps sessions forever.',
    layers: SYSTEM_AND_USER,
  }),
  recall: setting(z.boolean(), {
    default: true,
    description: 'Add relevant passages from earlier sessions in this project to the context.',
  }),
  checkpointing: setting(z.boolean(), {
    default: true,
    description: 'Snapshot files before a tool changes them, so `/restore` can roll them back.',
  }),
} as const;

/** `security`: what a repository cannot decide for the user. */
export const securitySection = {
  folderTrust: {
    enabled: setting(z.boolean(), {
      default: true,
      description: "Ask before trusting a folder; an untrusted folder's `.alfred/settings.json` and `.alfred/.env` are ignored.",
      layers: SYSTEM_AND_USER,
    }),
  },
  allowYolo: setting(z.boolean(), {
    default: true,
    description: 'Whether `yolo` approval mode may be used. An administrator can set it to false and pin it.',
    layers: SYSTEM_AND_USER,
  }),
} as const;
