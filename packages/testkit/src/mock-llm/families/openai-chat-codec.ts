import type { AnswerPlan } from '../answer-plan.js';
import type { SseEvent } from '../types.js';
import { validateOpenAiChatRequest } from '../validators/openai-chat-request.js';
import { dataEvent, type AnswerContext, type FamilyCodec } from './family-codec.js';
import { openAiContextOverflow, openAiErrorBody } from './openai-errors.js';

const FINISH_REASONS = { end: 'stop', tool_use: 'tool_calls', max_tokens: 'length' } as const;

function callId(plan: AnswerPlan, index: number, given: string | undefined): string {
  return given ?? `call_mock_${plan.sequence}_${index}`;
}

function usageBody(plan: AnswerPlan) {
  const prompt = plan.usage.input + plan.usage.cachedRead + plan.usage.cacheWrite;
  const completion = plan.usage.output + plan.usage.thinking;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: plan.usage.cachedRead, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: plan.usage.thinking, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

function chunkEvents(plan: AnswerPlan, context: AnswerContext): SseEvent[] {
  const includeUsage = context.body?.stream_options?.include_usage === true;
  const base = {
    id: `chatcmpl-mock-${plan.sequence}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: context.model,
    service_tier: 'default',
    system_fingerprint: 'fp_mock',
  };
  // With include_usage the real API puts `usage: null` on every chunk but the last.
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    dataEvent({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const events: SseEvent[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  // Chat Completions has no thinking field; OpenAI-compatible servers (DeepSeek, vLLM, xAI) use this one.
  for (const reasoning of plan.thinking?.chunks ?? []) events.push(chunk({ reasoning_content: reasoning }));
  for (const content of plan.textChunks) events.push(chunk({ content }));
  plan.toolCalls.forEach((call, index) => {
    const id = callId(plan, index, call.id);
    events.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of call.argumentChunks) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, FINISH_REASONS[plan.stopReason]));
  if (includeUsage) events.push(dataEvent({ ...base, choices: [], usage: usageBody(plan) }));
  return events;
}

/** OpenAI Chat Completions (`/v1/chat/completions`), also spoken by Ollama, vLLM, LM Studio, OpenRouter. */
export const openAiChatCodec: FamilyCodec = {
  family: 'openai-chat',
  closingEvent: { data: '[DONE]' },

  streamEvents: chunkEvents,

  responseBody(plan, context) {
    const text = plan.textChunks.join('');
    const toolCalls = plan.toolCalls.map((call, index) => ({
      id: callId(plan, index, call.id),
      type: 'function',
      function: { name: call.name, arguments: call.argumentsJson },
    }));
    return {
      id: `chatcmpl-mock-${plan.sequence}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: context.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: plan.textChunks.length > 0 ? text : null,
            refusal: null,
            ...(plan.thinking ? { reasoning_content: plan.thinking.chunks.join('') } : {}),
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          logprobs: null,
          finish_reason: FINISH_REASONS[plan.stopReason],
        },
      ],
      usage: usageBody(plan),
      system_fingerprint: 'fp_mock',
    };
  },

  errorBody: openAiErrorBody,
  validate: validateOpenAiChatRequest,
  contextOverflow: openAiContextOverflow,
};
