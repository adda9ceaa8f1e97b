import { z } from 'zod';
import { NOT_WORKSPACE, SYSTEM_AND_USER, setting } from './setting.js';

/** `telemetry`: local or OpenTelemetry export of usage events. Off by default. */
export const telemetrySection = {
  enabled: setting(z.boolean(), {
    default: false,
    description: 'Record telemetry events.',
    layers: NOT_WORKSPACE,
  }),
  target: setting(z.enum(['local', 'otlp']), {
    default: 'local',
    description: '`local` writes under `$ALFRED_HOME/logs`; `otlp` sends to `telemetry.otlpEndpoint`.',
    layers: NOT_WORKSPACE,
  }),
  otlpEndpoint: setting(z.url().optional(), {
    default: undefined,
    description: 'OpenTelemetry collector endpoint used when `target` is `otlp`.',
    layers: NOT_WORKSPACE,
  }),
  logPrompts: setting(z.boolean(), {
    default: false,
    description: 'Include prompt text in telemetry events.',
    layers: SYSTEM_AND_USER,
  }),
} as const;

/** `debug`: diagnostics for alfred itself. */
export const debugSection = {
  enabled: setting(z.boolean(), {
    default: false,
    description: 'Write a debug log under `$ALFRED_HOME/logs` (same as `--debug`).',
  }),
  logApiRequests: setting(z.boolean(), {
    default: false,
    description: 'Include provider request and response bodies in the debug log (keys are never logged).',
    layers: NOT_WORKSPACE,
  }),
} as const;
