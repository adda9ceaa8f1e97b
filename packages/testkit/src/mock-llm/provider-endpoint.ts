import type { IncomingMessage, ServerResponse } from 'node:http';
import { emptyQueuePlan, estimateTokens, planAnswer } from './answer-plan.js';
import { anthropicCodec } from './families/anthropic-codec.js';
import type { ApiRejection, FamilyCodec } from './families/family-codec.js';
import { geminiCodec } from './families/gemini-codec.js';
import { openAiChatCodec } from './families/openai-chat-codec.js';
import { openAiResponsesCodec } from './families/openai-responses-codec.js';
import { modelEntry, modelList, modelsOf, unknownModelMessage } from './model-catalog.js';
import { loadRecordedStream } from './recorded-stream.js';
import type { Route } from './routes.js';
import { writeSse } from './sse-writer.js';
import type { Family, MockTurn, RecordedRequest } from './types.js';

/** The server's mutable state, shared by the provider endpoints and the control endpoints. */
export interface MockState {
  queue: MockTurn[];
  requests: RecordedRequest[];
  contextWindow: number | undefined;
  models: string[] | undefined;
  sequence: number;
  /** Aborted on close, ending stalls and delays. */
  signal: AbortSignal;
}

const CODECS: Record<Family, FamilyCodec> = {
  anthropic: anthropicCodec,
  'openai-chat': openAiChatCodec,
  'openai-responses': openAiResponsesCodec,
  gemini: geminiCodec,
};

/** A provider request, parsed. */
export interface ProviderRequest {
  route: Route;
  request: IncomingMessage;
  response: ServerResponse;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the provider's request JSON
  body: any;
  /** Set when the body was present but not JSON. */
  bodyError?: string;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function sendRejection(codec: FamilyCodec, response: ServerResponse, rejection: ApiRejection, headers: Record<string, string> = {}): void {
  sendJson(response, rejection.status, codec.errorBody(rejection), headers);
}

/** The real APIs' answers to a request without a key (Gemini says 403, not 401). */
function missingKey(family: Family, request: IncomingMessage, url: URL): ApiRejection | undefined {
  const headers = request.headers;
  switch (family) {
    case 'anthropic':
      if (headers['x-api-key'] || headers.authorization) return undefined;
      return { status: 401, message: 'x-api-key header is required' };
    case 'gemini':
      if (headers['x-goog-api-key'] || url.searchParams.get('key') || headers.authorization) return undefined;
      return {
        status: 403,
        message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      };
    default:
      if (headers.authorization?.startsWith('Bearer ') && headers.authorization.length > 'Bearer '.length) return undefined;
      return {
        status: 401,
        message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (i.e. YOUR_KEY) when using HTTP Basic auth.",
      };
  }
}

/** Checks that apply before any turn is taken: key, version header, JSON, model, history, context window. */
function precheck(state: MockState, input: ProviderRequest, url: URL, codec: FamilyCodec): ApiRejection | undefined {
  const { route, request, body } = input;
  const noKey = missingKey(route.family, request, url);
  if (noKey) return noKey;
  if (route.family === 'anthropic' && request.headers['anthropic-version'] === undefined) {
    return { status: 400, message: 'anthropic-version: header is required' };
  }
  if (input.bodyError) return { status: 400, message: `The request body is not valid JSON: ${input.bodyError}` };
  const model = String(route.model ?? body?.model ?? '');
  if (state.models && route.kind !== 'list_models' && !state.models.includes(model)) {
    return { status: 404, ...unknownModelMessage(route.family, model) };
  }
  if (route.kind === 'list_models' || route.kind === 'get_model') return undefined;
  const invalid = codec.validate(body, { model, countTokens: route.kind === 'count_tokens' });
  if (invalid) return invalid;
  const estimated = estimateTokens(body);
  if (state.contextWindow !== undefined && estimated > state.contextWindow) return codec.contextOverflow(estimated, state.contextWindow);
  return undefined;
}

function answerModels(state: MockState, input: ProviderRequest): void {
  const { route, response } = input;
  if (route.kind === 'list_models') {
    sendJson(response, 200, modelList(route.family, modelsOf(route.family, state.models), state.contextWindow));
  } else {
    sendJson(response, 200, modelEntry(route.family, route.model ?? '', state.contextWindow));
  }
}

function answerCountTokens(input: ProviderRequest): void {
  const tokens = estimateTokens(input.body);
  sendJson(input.response, 200, input.route.family === 'gemini' ? { totalTokens: tokens } : { input_tokens: tokens });
}

function responseHeaders(family: Family, sequence: number): Record<string, string> {
  return family === 'anthropic' ? { 'request-id': `req_mock_${sequence}` } : { 'x-request-id': `req_mock_${sequence}` };
}

async function replay(state: MockState, input: ProviderRequest, turn: MockTurn & { replay: string }, streaming: boolean): Promise<void> {
  const codec = CODECS[input.route.family];
  const recorded = await loadRecordedStream(turn.replay, turn.family);
  if (recorded.family !== input.route.family) {
    const message = `mock-llm: the scripted turn replays a recorded ${recorded.family} stream (${turn.replay}), but the request came to the ${input.route.family} endpoint`;
    return sendRejection(codec, input.response, { status: 400, message });
  }
  if (!streaming) {
    return sendRejection(codec, input.response, { status: 400, message: `mock-llm: the scripted turn replays a recorded stream (${turn.replay}), but the request did not ask for streaming` });
  }
  const closing = recorded.family === 'openai-chat' && turn.done !== false ? { data: '[DONE]' } : undefined;
  await writeSse(
    input.response,
    { events: recorded.events, closingEvent: closing, fault: turn.fault, delayMs: turn.delayMs, firstDelayMs: turn.firstDelayMs, signal: state.signal },
    responseHeaders(input.route.family, state.sequence),
  );
}

async function answerTurn(state: MockState, input: ProviderRequest): Promise<void> {
  const { route, body, response } = input;
  const codec = CODECS[route.family];
  state.sequence += 1;
  const turn = state.queue.shift();
  const fault = turn?.fault;
  if (fault && 'status' in fault) {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
    const defaultMessage = `mock-llm: scripted HTTP ${fault.status}`;
    if (fault.body !== undefined) return sendJson(response, fault.status, fault.body, headers);
    return sendRejection(codec, response, { status: fault.status, message: defaultMessage }, headers);
  }
  const streaming = route.streamByPath ?? body?.stream === true;
  if (turn?.replay !== undefined) return replay(state, input, turn as MockTurn & { replay: string }, streaming);
  const promptTokens = estimateTokens(body);
  const plan = turn ? planAnswer(turn, state.sequence, promptTokens) : emptyQueuePlan(state.sequence, promptTokens);
  const context = { model: String(route.model ?? body?.model ?? ''), body };
  const headers = responseHeaders(route.family, state.sequence);
  if (!streaming) return sendJson(response, 200, codec.responseBody(plan, context), headers);
  const closing = turn?.done === false ? undefined : codec.closingEvent;
  await writeSse(
    response,
    { events: codec.streamEvents(plan, context), closingEvent: closing, fault, delayMs: turn?.delayMs, firstDelayMs: turn?.firstDelayMs, signal: state.signal },
    headers,
  );
}

/**
 * Answers one provider request: rejects it as the real API would, or serves the next scripted turn
 * (a status fault, a recorded stream, or a scripted answer streamed or whole).
 */
export async function handleProviderRequest(state: MockState, input: ProviderRequest, url: URL): Promise<void> {
  const codec = CODECS[input.route.family];
  const rejection = precheck(state, input, url, codec);
  if (rejection) return sendRejection(codec, input.response, rejection);
  if (input.route.kind === 'list_models' || input.route.kind === 'get_model') return answerModels(state, input);
  if (input.route.kind === 'count_tokens') return answerCountTokens(input);
  return answerTurn(state, input);
}
