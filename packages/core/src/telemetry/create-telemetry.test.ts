import { tempWorkspace } from '@alfred/testkit';
import { AggregationTemporality, InMemoryMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redaction/redactor.js';
import { createTelemetry } from './create-telemetry.js';
import { CONTENT_MARKERS, PLANTED, PLANTED_ENV, runScriptedSession } from './scripted-session.fixture.js';

async function telemetryInMemory(logPrompts = false) {
  const spans = new InMemorySpanExporter();
  const metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const redactor = createRedactor({ secrets: [PLANTED.providerKey], env: PLANTED_ENV });
  const telemetry = await createTelemetry({ enabled: true, logPrompts }, { paths: { home: '/nonexistent' }, redactor, exporters: { spans, metrics } });
  return { telemetry, spans, metrics };
}

/** The latest cumulative value of a metric, summed over points matching `where`. */
function metricValue(collections: ResourceMetrics[], name: string, where: Record<string, unknown> = {}): number {
  const latest = collections.at(-1);
  const metric = latest?.scopeMetrics.flatMap((scope) => scope.metrics).find((candidate) => candidate.descriptor.name === name);
  if (!metric) return 0;
  return metric.dataPoints
    .filter((point) => Object.entries(where).every(([key, value]) => point.attributes[key] === value))
    .reduce((sum, point) => sum + (typeof point.value === 'number' ? point.value : point.value.count), 0);
}

const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);

describe('createTelemetry', () => {
  it('is a no-op when telemetry is off, and says why when its settings are unusable', async () => {
    const redactor = createRedactor();
    const off = await createTelemetry(undefined, { paths: { home: '/nonexistent' }, redactor });
    expect(off.enabled).toBe(false);
    off.observe({ type: 'done', reason: 'stop' });
    const grpc = await createTelemetry({ enabled: true, target: 'otlp-grpc' }, { paths: { home: '/nonexistent' }, redactor });
    expect(grpc).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('otlp-grpc') });
    const noEndpoint = await createTelemetry({ enabled: true, target: 'otlp-http' }, { paths: { home: '/nonexistent' }, redactor });
    expect(noEndpoint.disabledReason).toContain('otlpEndpoint');
  });

  it('records a span per prompt, model request and tool call of a real session with a retry, an approval and a compression', async () => {
    const { telemetry, spans, metrics } = await telemetryInMemory();
    const events = await runScriptedSession(telemetry);
    await telemetry.flush();
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['retry', 'tool_confirmation_request', 'compressed']));

    const finished = spans.getFinishedSpans();
    const prompts = named(finished, 'alfred.prompt');
    const requests = named(finished, 'alfred.model_request');
    const tools = named(finished, 'alfred.tool_call');
    expect(prompts).toHaveLength(2);
    expect(requests).toHaveLength(3);
    expect(tools).toHaveLength(2);
    const promptIds = new Set(prompts.map((span) => span.spanContext().spanId));
    for (const span of [...requests, ...tools]) expect(promptIds.has(span.parentSpanContext?.spanId ?? '')).toBe(true);
    expect(prompts.map((span) => span.attributes['alfred.prompt.done_reason'])).toEqual(['stop', 'stop']);

    const first = requests[0]!;
    expect(first.attributes).toMatchObject({
      'gen_ai.system': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-5-20250929',
      'gen_ai.usage.input_tokens': 1_200,
      'gen_ai.usage.output_tokens': 300,
      'alfred.usage.cached_read_tokens': 800,
      'alfred.usage.thinking_tokens': 40,
      'alfred.retries': 1,
      'alfred.outcome': 'ok',
    });
    expect(first.attributes['alfred.time_to_first_token_ms']).toEqual(expect.any(Number));
    expect(first.events.map((event) => event.name)).toContain('retry');

    const byTool = Object.fromEntries(tools.map((span) => [span.attributes['alfred.tool.name'], span.attributes]));
    expect(byTool['read_file']).toMatchObject({ 'alfred.tool.kind': 'read', 'alfred.tool.decision': 'auto', 'alfred.outcome': 'completed' });
    expect(byTool['shell']).toMatchObject({ 'alfred.tool.kind': 'execute', 'alfred.tool.decision': 'approved', 'alfred.outcome': 'completed' });
    expect(byTool['shell']?.['alfred.tool.arguments']).toBeUndefined();

    const collected = metrics.getMetrics();
    expect(metricValue(collected, 'alfred.model.requests', { 'alfred.outcome': 'ok' })).toBe(3);
    expect(metricValue(collected, 'alfred.model.retries')).toBe(1);
    expect(metricValue(collected, 'alfred.compressions')).toBe(events.filter((event) => event.type === 'compressed').length);
    expect(metricValue(collected, 'alfred.model.tokens', { 'alfred.token.kind': 'input' })).toBe(3 * 1_200);
    expect(metricValue(collected, 'alfred.model.tokens', { 'alfred.token.kind': 'cached_read' })).toBe(3 * 800);
    expect(metricValue(collected, 'alfred.tool.calls', { 'alfred.tool.decision': 'approved', 'alfred.outcome': 'completed' })).toBe(1);
    expect(metricValue(collected, 'alfred.tool.calls', { 'alfred.tool.decision': 'auto' })).toBe(1);
    expect(metricValue(collected, 'alfred.model.request.duration')).toBe(3);
    expect(metricValue(collected, 'alfred.model.time_to_first_token')).toBe(3);
    await telemetry.shutdown();
  });

  it('records content only with logPrompts, and redacts secrets inside it', async () => {
    const { telemetry, spans } = await telemetryInMemory(true);
    await runScriptedSession(telemetry);
    await telemetry.flush();
    const finished = spans.getFinishedSpans();
    const prompt = named(finished, 'alfred.prompt')[0]!;
    expect(prompt.attributes['alfred.prompt.text']).toBe(`${CONTENT_MARKERS.prompt}: deploy with [redacted]`);
    const shell = named(finished, 'alfred.tool_call').find((span) => span.attributes['alfred.tool.name'] === 'shell')!;
    expect(shell.attributes['alfred.tool.arguments']).toContain(CONTENT_MARKERS.command);
    expect(shell.attributes['alfred.tool.arguments']).not.toContain(PLANTED.bearer);
    expect(named(finished, 'alfred.model_request')[0]!.attributes['gen_ai.response.text']).toContain(CONTENT_MARKERS.response);
    await telemetry.shutdown();
  });

  it('writes JSON lines under $ALFRED_HOME/telemetry/ for the file target', async () => {
    await using workspace = await tempWorkspace();
    const telemetry = await createTelemetry({ enabled: true, target: 'file' }, { paths: { home: workspace.alfredHome }, redactor: createRedactor() });
    await runScriptedSession(telemetry);
    await telemetry.shutdown();
    expect(telemetry.outputFile?.startsWith(`${workspace.alfredHome}/telemetry/telemetry-`)).toBe(true);
    const { readFile } = await import('node:fs/promises');
    const records = (await readFile(telemetry.outputFile!, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.filter((record) => record['type'] === 'span').map((record) => record['name'])).toEqual(
      expect.arrayContaining(['alfred.prompt', 'alfred.model_request', 'alfred.tool_call']),
    );
    expect(records.find((record) => record['name'] === 'alfred.compressions')).toMatchObject({ type: 'metric', points: [{ value: 2 }] });
  });

  it('writes JSON lines to stderr for the console target, and passes events through instrument() unchanged', async () => {
    const written: string[] = [];
    const telemetry = await createTelemetry({ enabled: true, target: 'console' }, { paths: { home: '/nonexistent' }, redactor: createRedactor(), stderr: { write: (text: string) => written.push(text) } });
    async function* events() {
      yield { type: 'turn_start', turn: 1, provider: 'openai', model: 'gpt-4o' } as const;
      yield { type: 'usage', usage: { input: 5, output: 2 }, contextTokens: 7, contextWindow: 100 } as const;
      yield { type: 'done', reason: 'stop' } as const;
    }
    const seen: string[] = [];
    for await (const event of telemetry.instrument(events(), 'hello')) seen.push(event.type);
    await telemetry.shutdown();
    expect(seen).toEqual(['turn_start', 'usage', 'done']);
    const records = written.join('').trim().split('\n').map((line) => JSON.parse(line) as { type: string; name: string });
    expect(records.filter((record) => record.type === 'span').map((record) => record.name).sort()).toEqual(['alfred.model_request', 'alfred.prompt']);
    expect(records.some((record) => record.type === 'metric' && record.name === 'alfred.model.requests')).toBe(true);
  });
});
