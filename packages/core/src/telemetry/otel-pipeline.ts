/**
 * The OpenTelemetry side of the sink: a tracer provider and a meter provider of their own (never
 * registered globally, so alfred does not capture other libraries' telemetry) with the exporters
 * of the configured target. This module is imported dynamically, only when telemetry is on.
 */
import { context, SpanStatusCode, trace, type Counter, type Histogram, type Span } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { fileLineWriter, JsonLinesExporter, streamLineWriter } from './jsonl-exporter.js';
import type { ResolvedTelemetry } from './telemetry-options.js';
import type { Attributes, CounterName, HistogramName, SpanHandle, TelemetrySink } from './telemetry-sink.js';

/** Exporters for spans and metrics. Tests pass the SDK's in-memory ones. */
export interface OtelExporters {
  spans: SpanExporter;
  metrics: PushMetricExporter;
}

/** A running pipeline. */
export interface OtelPipeline {
  sink: TelemetrySink;
  /** Exports everything recorded so far. */
  flush(): Promise<void>;
  /** Exports what is left and stops. */
  shutdown(): Promise<void>;
}

/** How often metrics are exported while alfred runs; `flush()` and exit export the rest. */
const METRIC_INTERVAL_MS = 60_000;

/** The exporters of the configured target. */
export async function exportersFor(
  options: Extract<ResolvedTelemetry, { enabled: true }>,
  defaults: { file: string; stderr: { write(text: string): unknown } },
): Promise<OtelExporters> {
  if (options.target === 'otlp-http') {
    const [{ OTLPTraceExporter }, { OTLPMetricExporter }] = await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/exporter-metrics-otlp-http'),
    ]);
    const headers = options.otlpHeaders;
    return {
      spans: new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces`, headers }),
      metrics: new OTLPMetricExporter({ url: `${options.otlpEndpoint}/v1/metrics`, headers }),
    };
  }
  const exporter = new JsonLinesExporter(options.target === 'console' ? streamLineWriter(defaults.stderr) : fileLineWriter(options.outfile ?? defaults.file));
  return { spans: exporter, metrics: exporter };
}

function toAttributes(attributes: Attributes): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? [...(value as readonly string[])] : (value as string | number | boolean);
  }
  return out;
}

/** Starts the providers; the returned sink creates spans and instruments on them. */
export function startOtelPipeline(exporters: OtelExporters, resource: Record<string, string>): OtelPipeline {
  const otelResource = resourceFromAttributes(resource);
  const tracerProvider = new BasicTracerProvider({ resource: otelResource, spanProcessors: [new BatchSpanProcessor(exporters.spans)] });
  const reader = new PeriodicExportingMetricReader({ exporter: exporters.metrics, exportIntervalMillis: METRIC_INTERVAL_MS });
  const meterProvider = new MeterProvider({ resource: otelResource, readers: [reader] });
  const tracer = tracerProvider.getTracer('alfred');
  const meter = meterProvider.getMeter('alfred');
  const counters = new Map<string, Counter>();
  const histograms = new Map<string, Histogram>();
  const spans = new WeakMap<SpanHandle, Span>();

  const handleFor = (span: Span): SpanHandle => {
    const handle: SpanHandle = {
      setAttributes: (attributes) => void span.setAttributes(toAttributes(attributes)),
      addEvent: (name, attributes, time) => void span.addEvent(name, toAttributes(attributes), time),
      end: (status, time) => {
        span.setStatus(status.ok ? { code: SpanStatusCode.OK } : { code: SpanStatusCode.ERROR, ...(status.message !== undefined ? { message: status.message } : {}) });
        span.end(time);
      },
    };
    spans.set(handle, span);
    return handle;
  };

  const sink: TelemetrySink = {
    startSpan(name, attributes, time, parent) {
      const parentSpan = parent ? spans.get(parent) : undefined;
      const parentContext = parentSpan ? trace.setSpan(context.active(), parentSpan) : context.active();
      return handleFor(tracer.startSpan(name, { startTime: time, attributes: toAttributes(attributes) }, parentContext));
    },
    count(name: CounterName, value, attributes) {
      let counter = counters.get(name);
      if (!counter) counters.set(name, (counter = meter.createCounter(name)));
      counter.add(value, toAttributes(attributes));
    },
    record(name: HistogramName, value, attributes) {
      let histogram = histograms.get(name);
      if (!histogram) histograms.set(name, (histogram = meter.createHistogram(name, { unit: 'ms' })));
      histogram.record(value, toAttributes(attributes));
    },
  };

  return {
    sink,
    async flush() {
      await tracerProvider.forceFlush();
      await meterProvider.forceFlush();
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}
