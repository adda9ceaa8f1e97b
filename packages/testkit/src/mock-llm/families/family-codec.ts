import type { AnswerPlan } from '../answer-plan.js';
import type { Family, SseEvent } from '../types.js';

/** What an encoder knows about the request it answers. */
export interface AnswerContext {
  model: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the provider's request JSON
  body: any;
}

/** A rejection in the provider's own terms; `code` is OpenAI's `code` / Anthropic's and Gemini's error type override. */
export interface ApiRejection {
  status: number;
  message: string;
  code?: string;
  /** Names the offending parameter where the provider does (OpenAI's `param`). */
  param?: string;
}

/** Facts about a request that its body does not carry. */
export interface ValidationContext {
  /** The model asked for (from the body, or from Gemini's path). */
  model: string;
  /** Anthropic's `count_tokens` takes no `max_tokens`. */
  countTokens: boolean;
}

/** One provider wire format: how it streams, answers, fails and validates. */
export interface FamilyCodec {
  readonly family: Family;
  /** The events of a streamed answer, in order. */
  streamEvents(plan: AnswerPlan, context: AnswerContext): SseEvent[];
  /** The JSON body of a non-streamed answer. */
  responseBody(plan: AnswerPlan, context: AnswerContext): unknown;
  /** The provider's error JSON for a status. */
  errorBody(rejection: ApiRejection): unknown;
  /** What the real API would reject in this request body, or `undefined` when it would accept it. */
  validate(body: unknown, context: ValidationContext): ApiRejection | undefined;
  /** The error the real API gives a prompt longer than the context window. */
  contextOverflow(estimated: number, window: number): ApiRejection;
  /** Sent after the last event (OpenAI chat's `[DONE]`). */
  readonly closingEvent?: SseEvent;
}

/** Frames an object as an SSE event whose `event:` name is its `type` (Anthropic, OpenAI Responses). */
export function typedEvent(payload: { type: string } & Record<string, unknown>): SseEvent {
  return { event: payload.type, data: JSON.stringify(payload) };
}

/** Frames an object as a `data:`-only SSE event (OpenAI chat, Gemini). */
export function dataEvent(payload: unknown): SseEvent {
  return { data: JSON.stringify(payload) };
}

/** A rejection for a request body that is not even an object. */
export function notAnObject(body: unknown): ApiRejection | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { status: 400, message: 'The request body must be a JSON object.' };
  }
  return undefined;
}
