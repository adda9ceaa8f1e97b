/**
 * `createTelemetry(options, context)`: the observer the lead plugs in beside the TUI, headless
 * output and the session recorder. Off by default; when off it is a no-op and the OpenTelemetry
 * SDK is never imported (start-up pays nothing). When on, the SDK and the target's exporters are
 * imported dynamically and every export passes the privacy filter.
 */
import path from 'node:path';
import type { AgentEvent } from '../agent/events.js';
import type { Redactor } from '../redaction/redactor.js';
import { ALFRED_VERSION } from '../version.js';
import type { AlfredPaths } from '../workspace/alfred-home.js';
import { AgentTracker } from './agent-tracker.js';
import type { OtelExporters } from './otel-pipeline.js';
import { contentGate, redactingSink } from './privacy-filter.js';
import { resolveTelemetryOptions, type TelemetryOptions } from './telemetry-options.js';

/** The telemetry observer of one alfred process. */
export interface Telemetry {
  /** False when telemetry is off (or its settings were unusable; see `disabledReason`). */
  readonly enabled: boolean;
  /** Why telemetry is off although it was asked for, for the debug log. */
  readonly disabledReason: string | undefined;
  /** The JSON lines file being written, for the `file` target. */
  readonly outputFile: string | undefined;
  /** Marks the start of a prompt; its text is kept only when `logPrompts` is on. Optional: the first event opens one too. */
  beginPrompt(text?: string): void;
  /** Feeds one agent event. Never throws. */
  observe(event: AgentEvent): void;
  /** Passes `events` through unchanged, observing each; the prompt span covers the whole iteration. */
  instrument(events: AsyncIterable<AgentEvent>, promptText?: string): AsyncIterable<AgentEvent>;
  /** Exports everything recorded so far. */
  flush(): Promise<void>;
  /** Ends open spans, exports the rest and stops; call before the process exits. */
  shutdown(): Promise<void>;
}

/** What telemetry needs from the rest of alfred. */
export interface TelemetryContext {
  /** alfred's home; the file target writes under `<home>/telemetry/`. */
  paths: Pick<AlfredPaths, 'home'>;
  /** The shared redactor: secrets are removed from every export, always. */
  redactor: Redactor;
  /** Used instead of the target's exporters (tests pass the SDK's in-memory exporters). */
  exporters?: OtelExporters;
  /** Where the `console` target writes; defaults to `process.stderr`. */
  stderr?: { write(text: string): unknown };
  /** Milliseconds since the epoch; defaults to a sub-millisecond clock. */
  now?: () => number;
  /** An id for this process's session, added to the resource so exports can be grouped. */
  sessionId?: string;
}

const NOOP_TELEMETRY: Omit<Telemetry, 'disabledReason'> = {
  enabled: false,
  outputFile: undefined,
  beginPrompt: () => undefined,
  observe: () => undefined,
  instrument: (events) => events,
  flush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** `telemetry-20250102-030405-1234.jsonl`: one file per process, sortable by time. */
function telemetryFileName(date: Date, pid: number): string {
  const stamp = date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `telemetry-${stamp}-${pid}.jsonl`;
}

/** Builds the telemetry observer for plain `telemetry` settings. */
export async function createTelemetry(options: TelemetryOptions | undefined, context: TelemetryContext): Promise<Telemetry> {
  const resolved = resolveTelemetryOptions(options);
  if (!resolved.enabled) return { ...NOOP_TELEMETRY, disabledReason: resolved.reason };
  const { exportersFor, startOtelPipeline } = await import('./otel-pipeline.js');
  const outputFile = resolved.target === 'file' ? (resolved.outfile ?? path.join(context.paths.home, 'telemetry', telemetryFileName(new Date(), process.pid))) : undefined;
  const exporters = context.exporters ?? (await exportersFor(resolved, { file: outputFile ?? '', stderr: context.stderr ?? process.stderr }));
  const pipeline = startOtelPipeline(exporters, {
    'service.name': 'alfred',
    'service.version': ALFRED_VERSION,
    ...(context.sessionId ? { 'session.id': context.sessionId } : {}),
  });
  const now = context.now ?? (() => performance.timeOrigin + performance.now());
  const tracker = new AgentTracker(redactingSink(pipeline.sink, context.redactor), contentGate(resolved.logPrompts), now);
  // Telemetry must never break the session it watches.
  const safely = (action: () => void): void => {
    try {
      action();
    } catch {
      // A span that could not be recorded is lost; the user's prompt is not.
    }
  };
  const observe = (event: AgentEvent): void => safely(() => tracker.observe(event));
  return {
    enabled: true,
    disabledReason: undefined,
    outputFile: context.exporters ? undefined : outputFile,
    beginPrompt: (text) => safely(() => tracker.beginPrompt(text)),
    observe,
    async *instrument(events, promptText) {
      safely(() => tracker.beginPrompt(promptText));
      for await (const event of events) {
        observe(event);
        yield event;
      }
    },
    flush: () => pipeline.flush().catch(() => undefined),
    async shutdown() {
      safely(() => tracker.closeAll());
      await pipeline.shutdown().catch(() => undefined);
    },
  };
}
