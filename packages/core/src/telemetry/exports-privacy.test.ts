import { tempWorkspace } from '@alfred/testkit';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { agentEventLog } from '../logging/agent-event-log.js';
import { createBugReport } from '../logging/bug-report.js';
import { openDebugLog } from '../logging/debug-log.js';
import { createRedactor } from '../redaction/redactor.js';
import { createTelemetry, type Telemetry } from './create-telemetry.js';
import { CONTENT_MARKERS, PLANTED, PLANTED_ENV, runScriptedSession } from './scripted-session.fixture.js';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A collector stand-in on 127.0.0.1 that records every request and answers as OTLP/HTTP does. */
async function startCollector(): Promise<{ url: string; received: Received[] } & AsyncDisposable> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({ url: request.url ?? '', headers: request.headers, body: body.toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every secret planted in the session (the variable's name is not a secret; its value is). */
const SECRETS = [PLANTED.providerKey, PLANTED.envToken, PLANTED.bearer, PLANTED.strayKey];

/** Runs the scripted session through file telemetry, OTLP telemetry and the debug log at once. */
async function exportEverything(logPrompts: boolean) {
  await using workspace = await tempWorkspace();
  await using collector = await startCollector();
  const redactor = createRedactor({ secrets: [PLANTED.providerKey], env: PLANTED_ENV });
  const context = { paths: { home: workspace.alfredHome }, redactor };
  const fileTelemetry = await createTelemetry({ enabled: true, target: 'file', logPrompts }, context);
  const otlpTelemetry = await createTelemetry(
    { enabled: true, target: 'otlp-http', otlpEndpoint: `${collector.url}/`, logPrompts, otlpHeaders: { 'x-collector-tenant': 'alfred-tests' } },
    context,
  );
  const log = openDebugLog({ dir: path.join(workspace.alfredHome, 'logs'), redactor });
  const eventLog = agentEventLog(log, { logContent: logPrompts });
  const observers: { beginPrompt?(text: string): void; observe(event: Parameters<Telemetry['observe']>[0]): void }[] = [fileTelemetry, otlpTelemetry, eventLog];
  await runScriptedSession({
    beginPrompt: (text) => observers.forEach((observer) => observer.beginPrompt?.(text)),
    observe: (event) => observers.forEach((observer) => observer.observe(event)),
  });
  await fileTelemetry.shutdown();
  await otlpTelemetry.shutdown();
  log.close();
  const report = await createBugReport({
    version: '0.1.0',
    os: 'linux',
    terminal: 'xterm',
    settings: { providers: { anthropic: { apiKey: PLANTED.providerKey } }, telemetry: { otlpHeaders: { authorization: `Bearer ${PLANTED.bearer}` } } },
    logFile: log.file,
    dir: path.join(workspace.alfredHome, 'bug-reports'),
    redactor,
  });
  return {
    file: await readFile(fileTelemetry.outputFile!, 'utf8'),
    otlp: collector.received,
    log: await readFile(log.file, 'utf8'),
    report: await readFile(report, 'utf8'),
  };
}

describe('what leaves alfred', () => {
  it('never contains a planted secret, and no content unless logPrompts is on', async () => {
    const exported = await exportEverything(false);
    expect(exported.otlp.map((request) => request.url).sort()).toEqual(['/v1/metrics', '/v1/traces']);
    expect(exported.otlp.every((request) => request.headers['x-collector-tenant'] === 'alfred-tests')).toBe(true);
    const otlpText = exported.otlp.map((request) => request.body).join('\n');
    // The exports are not empty: they hold what they should.
    expect(otlpText).toContain('alfred.model_request');
    expect(exported.file).toContain('alfred.tool_call');
    const everything = { file: exported.file, otlp: otlpText, log: exported.log, report: exported.report };
    for (const [where, text] of Object.entries(everything)) {
      for (const secret of SECRETS) expect(text, `${where} holds a planted secret`).not.toContain(secret);
      for (const marker of Object.values(CONTENT_MARKERS)) expect(text, `${where} holds content`).not.toContain(marker);
    }
  });

  it('with logPrompts on, holds the content but still none of the secrets inside it', async () => {
    const exported = await exportEverything(true);
    const otlpText = exported.otlp.map((request) => request.body).join('\n');
    for (const text of [exported.file, otlpText]) {
      expect(text).toContain(CONTENT_MARKERS.prompt);
      expect(text).toContain(CONTENT_MARKERS.response);
      expect(text).toContain(CONTENT_MARKERS.command);
    }
    expect(exported.log).toContain(CONTENT_MARKERS.command);
    for (const [where, text] of Object.entries({ file: exported.file, otlp: otlpText, log: exported.log, report: exported.report })) {
      for (const secret of SECRETS) expect(text, `${where} holds a planted secret`).not.toContain(secret);
    }
  });
});
