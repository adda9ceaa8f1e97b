/**
 * The narrow boundary between the agent-event tracker and OpenTelemetry. The tracker knows spans,
 * counters and histograms by name; only the lazily loaded OTel pipeline knows the SDK. This keeps
 * the SDK out of the process when telemetry is off, and puts the privacy filter in one place.
 */

/** Attribute values as OpenTelemetry accepts them. */
export type AttributeValue = string | number | boolean | readonly string[];
/** Span and metric attributes. */
export type Attributes = Record<string, AttributeValue | undefined>;

/** An open span. Times are milliseconds since the Unix epoch. */
export interface SpanHandle {
  setAttributes(attributes: Attributes): void;
  addEvent(name: string, attributes: Attributes, time: number): void;
  end(status: { ok: boolean; message?: string }, time: number): void;
}

/** Counters alfred records; units are counts. */
export const COUNTERS = {
  requests: 'alfred.model.requests',
  tokens: 'alfred.model.tokens',
  retries: 'alfred.model.retries',
  toolCalls: 'alfred.tool.calls',
  compressions: 'alfred.compressions',
  errors: 'alfred.errors',
} as const;

/** Histograms alfred records; units are milliseconds. */
export const HISTOGRAMS = {
  requestDuration: 'alfred.model.request.duration',
  timeToFirstToken: 'alfred.model.time_to_first_token',
  toolDuration: 'alfred.tool.duration',
  promptDuration: 'alfred.prompt.duration',
} as const;

/** One of the counter names. */
export type CounterName = (typeof COUNTERS)[keyof typeof COUNTERS];
/** One of the histogram names. */
export type HistogramName = (typeof HISTOGRAMS)[keyof typeof HISTOGRAMS];

/** Span names. */
export const SPANS = {
  prompt: 'alfred.prompt',
  request: 'alfred.model_request',
  tool: 'alfred.tool_call',
} as const;

/** Where the tracker's spans and measurements go. */
export interface TelemetrySink {
  startSpan(name: string, attributes: Attributes, time: number, parent?: SpanHandle): SpanHandle;
  count(name: CounterName, value: number, attributes: Attributes): void;
  record(name: HistogramName, value: number, attributes: Attributes): void;
}
