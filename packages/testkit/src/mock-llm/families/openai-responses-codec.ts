import type { AnswerPlan } from '../answer-plan.js';
import type { SseEvent } from '../types.js';
import { validateOpenAiResponsesRequest } from '../validators/openai-responses-request.js';
import { typedEvent, type AnswerContext, type FamilyCodec } from './family-codec.js';
import { openAiContextOverflow, openAiErrorBody } from './openai-errors.js';

type Item = Record<string, unknown> & { id: string };

/** One output item with the events that stream it (between `output_item.added` and `.done`). */
interface OutputItem {
  started: Item;
  finished: Item;
  deltas: (outputIndex: number) => Array<{ type: string } & Record<string, unknown>>;
}

function reasoningItem(plan: AnswerPlan): OutputItem | undefined {
  if (!plan.thinking) return undefined;
  const id = `rs_mock_${plan.sequence}`;
  const text = plan.thinking.chunks.join('');
  const encrypted = plan.thinking.signature === undefined ? {} : { encrypted_content: plan.thinking.signature };
  const part = { type: 'summary_text', text };
  return {
    started: { id, type: 'reasoning', summary: [], ...encrypted },
    finished: { id, type: 'reasoning', summary: [part], ...encrypted },
    deltas: (output_index) => [
      { type: 'response.reasoning_summary_part.added', item_id: id, output_index, summary_index: 0, part: { type: 'summary_text', text: '' } },
      ...(plan.thinking?.chunks ?? []).map((delta) => ({ type: 'response.reasoning_summary_text.delta', item_id: id, output_index, summary_index: 0, delta })),
      { type: 'response.reasoning_summary_text.done', item_id: id, output_index, summary_index: 0, text },
      { type: 'response.reasoning_summary_part.done', item_id: id, output_index, summary_index: 0, part },
    ],
  };
}

function messageItem(plan: AnswerPlan): OutputItem | undefined {
  if (plan.textChunks.length === 0) return undefined;
  const id = `msg_mock_${plan.sequence}`;
  const text = plan.textChunks.join('');
  const part = { type: 'output_text', text, annotations: [], logprobs: [] };
  const shell = { id, type: 'message', role: 'assistant' };
  return {
    started: { ...shell, status: 'in_progress', content: [] },
    finished: { ...shell, status: 'completed', content: [part] },
    deltas: (output_index) => [
      { type: 'response.content_part.added', item_id: id, output_index, content_index: 0, part: { ...part, text: '' } },
      ...plan.textChunks.map((delta) => ({ type: 'response.output_text.delta', item_id: id, output_index, content_index: 0, delta, logprobs: [] })),
      { type: 'response.output_text.done', item_id: id, output_index, content_index: 0, text, logprobs: [] },
      { type: 'response.content_part.done', item_id: id, output_index, content_index: 0, part },
    ],
  };
}

function functionCallItems(plan: AnswerPlan): OutputItem[] {
  return plan.toolCalls.map((call, index) => {
    const id = `fc_mock_${plan.sequence}_${index}`;
    const shell = { id, type: 'function_call', call_id: call.id ?? `call_mock_${plan.sequence}_${index}`, name: call.name };
    return {
      started: { ...shell, status: 'in_progress', arguments: '' },
      finished: { ...shell, status: 'completed', arguments: call.argumentsJson },
      deltas: (output_index) => [
        ...call.argumentChunks.map((delta) => ({ type: 'response.function_call_arguments.delta', item_id: id, output_index, delta })),
        { type: 'response.function_call_arguments.done', item_id: id, output_index, arguments: call.argumentsJson },
      ],
    };
  });
}

function outputItems(plan: AnswerPlan): OutputItem[] {
  const items = [reasoningItem(plan), messageItem(plan), ...functionCallItems(plan)];
  return items.filter((item): item is OutputItem => item !== undefined);
}

function responseObject(plan: AnswerPlan, context: AnswerContext, status: 'in_progress' | 'completed' | 'incomplete') {
  const items = outputItems(plan);
  const done = status !== 'in_progress';
  const input = plan.usage.input + plan.usage.cachedRead + plan.usage.cacheWrite;
  const output = plan.usage.output + plan.usage.thinking;
  return {
    id: `resp_mock_${plan.sequence}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: context.body?.instructions ?? null,
    model: context.model,
    output: done ? items.map((item) => item.finished) : [],
    parallel_tool_calls: true,
    previous_response_id: context.body?.previous_response_id ?? null,
    store: context.body?.store ?? true,
    tools: context.body?.tools ?? [],
    usage: done
      ? {
          input_tokens: input,
          input_tokens_details: { cached_tokens: plan.usage.cachedRead },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: plan.usage.thinking },
          total_tokens: input + output,
        }
      : null,
  };
}

function finalStatus(plan: AnswerPlan): 'completed' | 'incomplete' {
  return plan.stopReason === 'max_tokens' ? 'incomplete' : 'completed';
}

function streamEvents(plan: AnswerPlan, context: AnswerContext): SseEvent[] {
  const payloads: Array<{ type: string } & Record<string, unknown>> = [
    { type: 'response.created', response: responseObject(plan, context, 'in_progress') },
    { type: 'response.in_progress', response: responseObject(plan, context, 'in_progress') },
  ];
  outputItems(plan).forEach((item, output_index) => {
    payloads.push({ type: 'response.output_item.added', output_index, item: item.started });
    payloads.push(...item.deltas(output_index));
    payloads.push({ type: 'response.output_item.done', output_index, item: item.finished });
  });
  const status = finalStatus(plan);
  payloads.push({ type: `response.${status}`, response: responseObject(plan, context, status) });
  return payloads.map((payload, sequence_number) => typedEvent({ ...payload, sequence_number }));
}

/** The OpenAI Responses API (`/v1/responses`). */
export const openAiResponsesCodec: FamilyCodec = {
  family: 'openai-responses',
  streamEvents,
  responseBody: (plan, context) => responseObject(plan, context, finalStatus(plan)),
  errorBody: openAiErrorBody,
  validate: validateOpenAiResponsesRequest,
  contextOverflow: (estimated, window) => ({
    ...openAiContextOverflow(estimated, window),
    param: 'input',
    message: 'Your input exceeds the context window of this model. Please adjust your input and try again.',
  }),
};
