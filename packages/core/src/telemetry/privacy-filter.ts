/**
 * The privacy filter in front of every telemetry export. Two rules: content (prompt and response
 * text, tool arguments, command lines, file contents) is left out unless `logPrompts` is on; and
 * every string that does go out, content or not, passes the secret redactor. The second rule is
 * enforced by wrapping the sink, so no code path in the tracker can skip it.
 */
import type { Redactor } from '../redaction/redactor.js';
import type { Attributes, SpanHandle, TelemetrySink } from './telemetry-sink.js';

/** Content kept when `logPrompts` is on is capped: telemetry is not a transcript store. */
export const MAX_CONTENT_CHARS = 4_096;

/** Decides which content may leave the process at all. */
export interface ContentGate {
  readonly logPrompts: boolean;
  /** The text, capped, when prompts may be logged; undefined otherwise. */
  content(text: string): string | undefined;
}

/** The content gate for a `logPrompts` setting. */
export function contentGate(logPrompts: boolean): ContentGate {
  return {
    logPrompts,
    content: (text) => {
      if (!logPrompts) return undefined;
      return text.length > MAX_CONTENT_CHARS ? `${text.slice(0, MAX_CONTENT_CHARS)}… [${text.length - MAX_CONTENT_CHARS} more characters]` : text;
    },
  };
}

function redactAttributes(attributes: Attributes, redactor: Redactor): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (typeof value === 'string') out[key] = redactor.redact(value);
    else if (Array.isArray(value)) out[key] = value.map((item: string) => redactor.redact(item));
    else out[key] = value;
  }
  return out;
}

function redactingSpan(span: SpanHandle, redactor: Redactor): SpanHandle {
  return {
    setAttributes: (attributes) => span.setAttributes(redactAttributes(attributes, redactor)),
    addEvent: (name, attributes, time) => span.addEvent(name, redactAttributes(attributes, redactor), time),
    end: (status, time) => span.end(status.message === undefined ? status : { ...status, message: redactor.redact(status.message) }, time),
  };
}

/**
 * A sink that redacts every string attribute, event attribute and status message before `sink`
 * sees it. Span and metric names are constants and pass as they are.
 */
export function redactingSink(sink: TelemetrySink, redactor: Redactor): TelemetrySink {
  const wrapped = new WeakMap<SpanHandle, SpanHandle>();
  return {
    startSpan(name, attributes, time, parent) {
      const inner = sink.startSpan(name, redactAttributes(attributes, redactor), time, parent ? (wrapped.get(parent) ?? parent) : undefined);
      const outer = redactingSpan(inner, redactor);
      wrapped.set(outer, inner);
      return outer;
    },
    count: (name, value, attributes) => sink.count(name, value, redactAttributes(attributes, redactor)),
    record: (name, value, attributes) => sink.record(name, value, redactAttributes(attributes, redactor)),
  };
}
