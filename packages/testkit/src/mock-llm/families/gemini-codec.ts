import type { AnswerPlan } from '../answer-plan.js';
import type { SseEvent } from '../types.js';
import { validateGeminiRequest } from '../validators/gemini-request.js';
import { dataEvent, type AnswerContext, type ApiRejection, type FamilyCodec } from './family-codec.js';

/** Google's canonical status name for each HTTP status. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

type Part = Record<string, unknown>;

function finishReason(plan: AnswerPlan): string {
  return plan.stopReason === 'max_tokens' ? 'MAX_TOKENS' : 'STOP';
}

function usageMetadata(plan: AnswerPlan, final: boolean) {
  const prompt = plan.usage.input + plan.usage.cachedRead + plan.usage.cacheWrite;
  const candidates = final ? plan.usage.output : 0;
  const thoughts = plan.usage.thinking;
  return {
    promptTokenCount: prompt,
    ...(final ? { candidatesTokenCount: candidates } : {}),
    totalTokenCount: prompt + candidates + thoughts,
    ...(plan.usage.cachedRead > 0 ? { cachedContentTokenCount: plan.usage.cachedRead } : {}),
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
  };
}

/** Function-call parts; Gemini 3 puts the turn's thought signature on the first one. */
function functionCallParts(plan: AnswerPlan): Part[] {
  return plan.toolCalls.map((call, index) => ({
    functionCall: { name: call.name, args: call.argumentsObject, ...(call.id ? { id: call.id } : {}) },
    ...(index === 0 && plan.thinking?.signature !== undefined ? { thoughtSignature: plan.thinking.signature } : {}),
  }));
}

/** Without calls the signature rides on a closing empty text part, as the live API sends it. */
function closingPart(plan: AnswerPlan): Part {
  const signature = plan.toolCalls.length === 0 ? plan.thinking?.signature : undefined;
  return { text: '', ...(signature !== undefined ? { thoughtSignature: signature } : {}) };
}

function envelope(plan: AnswerPlan, context: AnswerContext, parts: Part[], final: boolean) {
  return {
    candidates: [{ content: { parts, role: 'model' }, ...(final ? { finishReason: finishReason(plan) } : {}), index: 0 }],
    usageMetadata: usageMetadata(plan, final),
    modelVersion: context.model,
    responseId: `mock-response-${plan.sequence}`,
  };
}

function streamEvents(plan: AnswerPlan, context: AnswerContext): SseEvent[] {
  const chunks: Part[][] = [];
  for (const text of plan.thinking?.chunks ?? []) chunks.push([{ text, thought: true }]);
  for (const text of plan.textChunks) chunks.push([{ text }]);
  // Parallel calls arrive as parts of one chunk.
  if (plan.toolCalls.length > 0) chunks.push(functionCallParts(plan));
  const events = chunks.map((parts) => dataEvent(envelope(plan, context, parts, false)));
  events.push(dataEvent(envelope(plan, context, [closingPart(plan)], true)));
  return events;
}

function responseBody(plan: AnswerPlan, context: AnswerContext) {
  const parts: Part[] = [];
  if (plan.thinking) parts.push({ text: plan.thinking.chunks.join(''), thought: true });
  if (plan.textChunks.length > 0) {
    const signature = plan.toolCalls.length === 0 ? plan.thinking?.signature : undefined;
    parts.push({ text: plan.textChunks.join(''), ...(signature !== undefined ? { thoughtSignature: signature } : {}) });
  }
  parts.push(...functionCallParts(plan));
  if (parts.length === 0) parts.push(closingPart(plan));
  return envelope(plan, context, parts, true);
}

/** The Gemini API (`/v1beta/models/<model>:generateContent` and `:streamGenerateContent?alt=sse`). */
export const geminiCodec: FamilyCodec = {
  family: 'gemini',
  streamEvents,
  responseBody,

  errorBody(rejection: ApiRejection) {
    const status = rejection.code ?? STATUS_NAMES[rejection.status] ?? (rejection.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
    return { error: { code: rejection.status, message: rejection.message, status } };
  },

  validate: validateGeminiRequest,

  contextOverflow(estimated, window) {
    return { status: 400, message: `The input token count (${estimated}) exceeds the maximum number of tokens allowed (${window}).` };
  },
};
