import path from 'node:path';
import type { AgentEvent } from '../agent/events.js';
import { agentEventLog } from '../logging/agent-event-log.js';
import { createBugReport, describeSystem } from '../logging/bug-report.js';
import { openDebugLog, type DebugLog } from '../logging/debug-log.js';
import { createRedactor, type Redactor } from '../redaction/redactor.js';
import type { Settings } from '../settings/schema/settings-schema.js';
import { createTelemetry, type Telemetry } from '../telemetry/create-telemetry.js';
import { ALFRED_VERSION } from '../version.js';
import type { AlfredPaths } from '../workspace/alfred-home.js';

/** Telemetry, the debug log and `/bug`, fed from the one event stream. */
export interface Observability {
  readonly redactor: Redactor;
  readonly telemetry: Telemetry;
  readonly debugLog: DebugLog | undefined;
  beginPrompt(text: string): void;
  observe(event: AgentEvent): void;
  /** Writes a `/bug` report with secrets removed; returns its path. */
  bugReport(details: Record<string, string>): Promise<string>;
  shutdown(): Promise<void>;
}

/** Builds what the settings and `--debug` turned on; everything else stays unloaded. */
export async function createObservability(options: {
  settings: Settings;
  paths: AlfredPaths;
  env: Readonly<Record<string, string | undefined>>;
  debug: boolean;
  sessionId?: string;
}): Promise<Observability> {
  const redactor = createRedactor({ env: options.env });
  const { telemetry: section } = options.settings;
  const telemetry = await createTelemetry(
    {
      enabled: section.enabled,
      target: section.target === 'otlp' ? 'otlp-http' : 'file',
      ...(section.otlpEndpoint ? { otlpEndpoint: section.otlpEndpoint } : {}),
      logPrompts: section.logPrompts,
    },
    { paths: options.paths, redactor, ...(options.sessionId ? { sessionId: options.sessionId } : {}) },
  );
  const debugLog = options.debug || options.settings.debug.enabled ? openDebugLog({ dir: options.paths.logs, redactor }) : undefined;
  if (telemetry.disabledReason && section.enabled) debugLog?.warn(`telemetry is off: ${telemetry.disabledReason}`);
  const events = debugLog ? agentEventLog(debugLog) : undefined;
  return {
    redactor,
    telemetry,
    debugLog,
    beginPrompt: (text) => telemetry.beginPrompt(text),
    observe(event) {
      telemetry.observe(event);
      events?.observe(event);
    },
    bugReport: (details) =>
      createBugReport({
        version: ALFRED_VERSION,
        ...describeSystem(options.env),
        settings: options.settings,
        ...(debugLog ? { logFile: debugLog.file } : {}),
        dir: path.join(options.paths.home, 'bug-reports'),
        redactor,
        details,
      }),
    async shutdown() {
      await telemetry.shutdown();
      debugLog?.close();
    },
  };
}
