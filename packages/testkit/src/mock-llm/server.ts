import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleProviderRequest, type MockState } from './provider-endpoint.js';
import { matchRoute } from './routes.js';
import { parseScenario, parseTurns, resolveReplay } from './scenario.js';
import type { MockLlmServer, MockLlmServerOptions, MockTurn, RecordedRequest } from './types.js';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): { value: unknown; error?: string } {
  if (text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { value: text, error: (error as Error).message };
  }
}

function headerRecord(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** `/_mock/*`: replace or extend the script, read the recorded requests, reset. */
function handleControl(state: MockState, pathname: string, method: string, body: unknown, baseDir: string, response: ServerResponse): void {
  try {
    if (method === 'POST' && pathname === '/_mock/scenario') {
      state.queue = parseScenario(body, baseDir);
      return sendJson(response, 200, { queued: state.queue.length });
    }
    if (method === 'POST' && pathname === '/_mock/enqueue') {
      state.queue.push(...parseTurns(body, baseDir));
      return sendJson(response, 200, { queued: state.queue.length });
    }
    if (method === 'GET' && pathname === '/_mock/requests') return sendJson(response, 200, state.requests);
    if (method === 'POST' && pathname === '/_mock/reset') {
      resetState(state);
      return sendJson(response, 200, { queued: 0 });
    }
    sendJson(response, 404, { error: { message: `mock-llm: no control endpoint ${method} ${pathname}` } });
  } catch (error) {
    sendJson(response, 400, { error: { message: (error as Error).message } });
  }
}

function resetState(state: MockState): void {
  state.queue = [];
  state.requests.length = 0;
  state.contextWindow = undefined;
}

async function handle(state: MockState, baseDir: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const method = request.method ?? 'GET';
  const { value, error } = parseJson(await readBody(request));
  if (url.pathname.startsWith('/_mock/')) return handleControl(state, url.pathname, method, value, baseDir, response);
  const route = matchRoute(method, url.pathname, request.headers);
  if (!route) return sendJson(response, 404, { error: { message: `mock-llm: no provider endpoint ${method} ${url.pathname}` } });
  const recorded: RecordedRequest = { family: route.family, method, path: url.pathname + url.search, headers: headerRecord(request), body: value };
  state.requests.push(recorded);
  await handleProviderRequest(state, { route, request, response, body: value, ...(error ? { bodyError: error } : {}) }, url);
}

/**
 * Starts a mock LLM server on 127.0.0.1 that speaks the Anthropic Messages, OpenAI Chat Completions,
 * OpenAI Responses and Gemini wire formats, serving scripted turns in FIFO order whatever the endpoint.
 */
export async function startMockLlmServer(options: MockLlmServerOptions = {}): Promise<MockLlmServer> {
  const baseDir = options.baseDir ?? process.cwd();
  const closing = new AbortController();
  const state: MockState = {
    queue: (options.turns ?? []).map((turn) => resolveReplay(turn, baseDir)),
    requests: [],
    contextWindow: undefined,
    models: options.models,
    sequence: 0,
    signal: closing.signal,
  };
  const server = createServer((request, response) => {
    handle(state, baseDir, request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else sendJson(response, 500, { error: { message: `mock-llm: ${(error as Error).message}` } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrls: { anthropic: url, openai: `${url}/v1`, gemini: url },
    requests: state.requests,
    enqueue: (...turns: MockTurn[]) => {
      state.queue.push(...turns.map((turn) => resolveReplay(turn, baseDir)));
    },
    setContextWindow: (tokens: number) => {
      state.contextWindow = tokens;
    },
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
