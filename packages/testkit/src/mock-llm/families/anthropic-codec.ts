import type { AnswerPlan } from '../answer-plan.js';
import type { SseEvent } from '../types.js';
import { validateAnthropicRequest } from '../validators/anthropic-request.js';
import { typedEvent, type AnswerContext, type ApiRejection, type FamilyCodec } from './family-codec.js';

const STOP_REASONS = { end: 'end_turn', tool_use: 'tool_use', max_tokens: 'max_tokens' } as const;

/** Anthropic's error `type` for each HTTP status. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function toolUseId(plan: AnswerPlan, index: number, given: string | undefined): string {
  return given ?? `toolu_mock_${plan.sequence}_${index}`;
}

function usageFields(plan: AnswerPlan) {
  return {
    input_tokens: plan.usage.input,
    cache_creation_input_tokens: plan.usage.cacheWrite,
    cache_read_input_tokens: plan.usage.cachedRead,
  };
}

function messageShell(plan: AnswerPlan, context: AnswerContext) {
  return {
    id: `msg_mock_${plan.sequence}`,
    type: 'message',
    role: 'assistant',
    model: context.model,
    stop_sequence: null,
  };
}

function contentBlocks(plan: AnswerPlan): Array<Record<string, unknown>> {
  const blocks: Array<Record<string, unknown>> = [];
  if (plan.thinking) {
    blocks.push({ type: 'thinking', thinking: plan.thinking.chunks.join(''), signature: plan.thinking.signature ?? '' });
  }
  const text = plan.textChunks.join('');
  if (plan.textChunks.length > 0) blocks.push({ type: 'text', text });
  plan.toolCalls.forEach((call, index) => {
    blocks.push({ type: 'tool_use', id: toolUseId(plan, index, call.id), name: call.name, input: call.argumentsObject });
  });
  return blocks;
}

function blockEvents(plan: AnswerPlan): SseEvent[] {
  const events: SseEvent[] = [];
  let index = 0;
  const block = (start: Record<string, unknown>, deltas: Array<Record<string, unknown>>) => {
    events.push(typedEvent({ type: 'content_block_start', index, content_block: start }));
    for (const delta of deltas) events.push(typedEvent({ type: 'content_block_delta', index, delta }));
    events.push(typedEvent({ type: 'content_block_stop', index }));
    index += 1;
  };
  if (plan.thinking) {
    const deltas: Array<Record<string, unknown>> = plan.thinking.chunks.map((thinking) => ({ type: 'thinking_delta', thinking }));
    if (plan.thinking.signature !== undefined) deltas.push({ type: 'signature_delta', signature: plan.thinking.signature });
    block({ type: 'thinking', thinking: '', signature: '' }, deltas);
  }
  if (plan.textChunks.length > 0) {
    block({ type: 'text', text: '' }, plan.textChunks.map((text) => ({ type: 'text_delta', text })));
  }
  plan.toolCalls.forEach((call, callIndex) => {
    // Like the real API: the first input_json_delta is empty, then the fragments.
    const fragments = ['', ...call.argumentChunks];
    block(
      { type: 'tool_use', id: toolUseId(plan, callIndex, call.id), name: call.name, input: {} },
      fragments.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
    );
  });
  return events;
}

/** The Anthropic Messages API (`/v1/messages`). */
export const anthropicCodec: FamilyCodec = {
  family: 'anthropic',

  streamEvents(plan, context) {
    const start = typedEvent({
      type: 'message_start',
      message: {
        ...messageShell(plan, context),
        content: [],
        stop_reason: null,
        usage: { ...usageFields(plan), output_tokens: 1 },
      },
    });
    const delta = typedEvent({
      type: 'message_delta',
      delta: { stop_reason: STOP_REASONS[plan.stopReason], stop_sequence: null },
      usage: { ...usageFields(plan), output_tokens: plan.usage.output + plan.usage.thinking },
    });
    return [start, typedEvent({ type: 'ping' }), ...blockEvents(plan), delta, typedEvent({ type: 'message_stop' })];
  },

  responseBody(plan, context) {
    return {
      ...messageShell(plan, context),
      content: contentBlocks(plan),
      stop_reason: STOP_REASONS[plan.stopReason],
      usage: { ...usageFields(plan), output_tokens: plan.usage.output + plan.usage.thinking },
    };
  },

  errorBody(rejection: ApiRejection) {
    const type = rejection.code ?? ERROR_TYPES[rejection.status] ?? (rejection.status >= 500 ? 'api_error' : 'invalid_request_error');
    return { type: 'error', error: { type, message: rejection.message }, request_id: 'req_mock' };
  },

  validate: validateAnthropicRequest,

  contextOverflow(estimated, window) {
    return { status: 400, message: `prompt is too long: ${estimated} tokens > ${window} maximum` };
  },
};
