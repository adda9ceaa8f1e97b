#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadScenarioFile } from './scenario.js';
import { startMockLlmServer } from './server.js';
import type { MockTurn } from './types.js';

const USAGE = `Usage: pnpm mock-llm [--port 8787] [--scenario file.json] [--models a,b]

Serves scripted LLM answers on 127.0.0.1 in the Anthropic, OpenAI (chat and responses) and Gemini
wire formats until killed. Without a scenario every request gets "mock: no scripted turn left";
turns can be added at runtime with POST /_mock/enqueue or POST /_mock/scenario.`;

function fail(message: string): never {
  process.stderr.write(`mock-llm: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8787;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer from 0 to 65535, got "${value}"`);
  return port;
}

async function main(): Promise<void> {
  let values: { port?: string; scenario?: string; models?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { port: { type: 'string' }, scenario: { type: 'string' }, models: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const turns: MockTurn[] = values.scenario ? await loadScenarioFile(values.scenario) : [];
  const models = values.models?.split(',').map((model) => model.trim()).filter(Boolean);
  const server = await startMockLlmServer({ port: parsePort(values.port), turns, ...(models ? { models } : {}) });
  process.stdout.write(
    [
      `mock-llm listening on ${server.url} (${turns.length} scripted turn${turns.length === 1 ? '' : 's'})`,
      `  ANTHROPIC_BASE_URL=${server.baseUrls.anthropic} ANTHROPIC_API_KEY=test`,
      `  OPENAI_BASE_URL=${server.baseUrls.openai} OPENAI_API_KEY=test`,
      `  GOOGLE_GEMINI_BASE_URL=${server.baseUrls.gemini} GEMINI_API_KEY=test`,
      `  control: POST ${server.url}/_mock/scenario | /_mock/enqueue | /_mock/reset, GET ${server.url}/_mock/requests`,
      '',
    ].join('\n'),
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`mock-llm: ${(error as Error).message}\n`);
  process.exit(1);
});
