/**
 * The local exporters: spans and metrics as JSON lines, to a file under `$ALFRED_HOME/telemetry/`
 * or to stderr (`console`). Loaded only with the OpenTelemetry SDK, when telemetry is on.
 * One line per span or metric, so `grep` and `jq` read the file as it grows.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ExportResultCode, hrTimeToMilliseconds, type ExportResult } from '@opentelemetry/core';
import { AggregationTemporality, DataPointType, type PushMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** Where JSON lines go. */
export interface LineWriter {
  write(text: string): Promise<void>;
}

/** Appends to a file, creating its folder (owner-only: telemetry can hold prompts). */
export function fileLineWriter(file: string): LineWriter {
  let ready: Promise<unknown> | undefined;
  return {
    async write(text) {
      ready ??= mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await ready;
      await appendFile(file, text, { mode: 0o600 });
    },
  };
}

/** Writes to a stream such as stderr. */
export function streamLineWriter(stream: { write(text: string): unknown }): LineWriter {
  return {
    write: (text) => {
      stream.write(text);
      return Promise.resolve();
    },
  };
}

const STATUS_NAMES = ['unset', 'ok', 'error'] as const;

/** A span as one JSON object. */
export function spanRecord(span: ReadableSpan): Record<string, unknown> {
  const start = hrTimeToMilliseconds(span.startTime);
  return {
    type: 'span',
    name: span.name,
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    start: new Date(start).toISOString(),
    durationMs: Math.round(hrTimeToMilliseconds(span.duration) * 1000) / 1000,
    status: { code: STATUS_NAMES[span.status.code], ...(span.status.message ? { message: span.status.message } : {}) },
    attributes: span.attributes,
    events: span.events.map((event) => ({ name: event.name, time: new Date(hrTimeToMilliseconds(event.time)).toISOString(), attributes: event.attributes })),
  };
}

/** The metrics of one collection as JSON objects, one per metric. */
export function metricRecords(resourceMetrics: ResourceMetrics): Record<string, unknown>[] {
  return resourceMetrics.scopeMetrics.flatMap((scope) =>
    scope.metrics.map((metric) => ({
      type: 'metric',
      name: metric.descriptor.name,
      unit: metric.descriptor.unit,
      points: metric.dataPoints.map((point) => ({
        attributes: point.attributes,
        value:
          metric.dataPointType === DataPointType.HISTOGRAM
            ? (({ count, sum, min, max }) => ({ count, sum, min, max }))(point.value as { count: number; sum?: number; min?: number; max?: number })
            : point.value,
      })),
    })),
  );
}

function done(write: Promise<void>, callback: (result: ExportResult) => void): void {
  write.then(
    () => callback({ code: ExportResultCode.SUCCESS }),
    (error: unknown) => callback({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }),
  );
}

/** Spans and metrics to JSON lines; one instance serves as both exporters, writing in order. */
export class JsonLinesExporter implements SpanExporter, PushMetricExporter {
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly writer: LineWriter) {}

  export(items: ReadableSpan[] | ResourceMetrics, resultCallback: (result: ExportResult) => void): void {
    const records = Array.isArray(items) ? items.map(spanRecord) : metricRecords(items);
    if (records.length === 0) {
      resultCallback({ code: ExportResultCode.SUCCESS });
      return;
    }
    const text = records.map((record) => `${JSON.stringify(record)}\n`).join('');
    this.pending = this.pending.catch(() => undefined).then(() => this.writer.write(text));
    done(this.pending, resultCallback);
  }

  selectAggregationTemporality(): AggregationTemporality {
    return AggregationTemporality.CUMULATIVE;
  }

  forceFlush(): Promise<void> {
    return this.pending.catch(() => undefined);
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }
}
