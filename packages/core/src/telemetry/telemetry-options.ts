/**
 * Telemetry options as plain data: the `telemetry` section of settings (owned by the settings
 * schema) is handed over as it is, and read defensively here so a typo turns telemetry off instead
 * of sending data somewhere unexpected.
 */

/** Where telemetry goes. Nothing is sent anywhere else. */
export type TelemetryTarget = 'file' | 'otlp-http' | 'console';

/** The `telemetry` settings section, as alfred reads it. Everything is optional. */
export interface TelemetryOptions {
  /** Off unless true. */
  enabled?: boolean;
  /** `file` (default), `otlp-http`, or `console` (JSON lines on stderr, for debugging). */
  target?: string;
  /** The collector's base URL for `otlp-http`, e.g. `http://127.0.0.1:4318`. */
  otlpEndpoint?: string;
  /** Extra HTTP headers for the collector (an API key, for example). Never logged. */
  otlpHeaders?: Record<string, string>;
  /** Include prompt and response text, tool arguments and command lines. Off by default. */
  logPrompts?: boolean;
  /** For `file`: write here instead of a new file under `$ALFRED_HOME/telemetry/`. */
  outfile?: string;
}

/** Options after validation: what `createTelemetry` acts on. */
export type ResolvedTelemetry =
  | { enabled: false; reason?: string }
  | {
      enabled: true;
      target: TelemetryTarget;
      logPrompts: boolean;
      otlpEndpoint?: string;
      otlpHeaders: Record<string, string>;
      outfile?: string;
    };

const TARGETS: readonly string[] = ['file', 'otlp-http', 'console'];

/**
 * Validates plain telemetry settings. Telemetry stays off when it is not explicitly enabled, when
 * the target is unknown (gRPC is not built in; use `otlp-http`), or when `otlp-http` has no
 * usable endpoint: the reason says which, for the debug log.
 */
export function resolveTelemetryOptions(options: TelemetryOptions | undefined): ResolvedTelemetry {
  if (!options || options.enabled !== true) return { enabled: false };
  const target = options.target ?? 'file';
  if (!TARGETS.includes(target)) {
    return { enabled: false, reason: `telemetry target "${target}" is not supported (use ${TARGETS.join(', ')})` };
  }
  const logPrompts = options.logPrompts === true;
  const otlpHeaders = { ...(options.otlpHeaders ?? {}) };
  if (target === 'otlp-http') {
    const endpoint = options.otlpEndpoint;
    if (!endpoint || !/^https?:\/\//.test(endpoint)) {
      return { enabled: false, reason: 'telemetry target "otlp-http" needs telemetry.otlpEndpoint (an http:// or https:// URL)' };
    }
    return { enabled: true, target, logPrompts, otlpEndpoint: endpoint.replace(/\/+$/, ''), otlpHeaders };
  }
  return { enabled: true, target: target as TelemetryTarget, logPrompts, otlpHeaders, ...(options.outfile ? { outfile: options.outfile } : {}) };
}
