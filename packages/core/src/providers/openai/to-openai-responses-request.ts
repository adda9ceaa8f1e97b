/**
 * IContent → OpenAI Responses API request. Pure. alfred keeps the conversation itself, so requests
 * are stateless (`store: false`): reasoning survives between turns only as the `encrypted_content`
 * OpenAI returned, which is asked for with `include` and sent back to this API alone. Item ids are
 * not sent (as OpenAI's own Codex client does with `store: false`): items are not persisted, and a
 * reasoning id without its following item is rejected.
 */
import type {
  EasyInputMessage,
  ResponseCreateParamsStreaming,
  ResponseInputContent,
  ResponseInputItem,
  ResponseReasoningItem,
  Tool,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses';
import { codeBlockText, toolResponseText } from '../../content/block-text.js';
import type { ContentBlock, IContent, MediaBlock, ThinkingBlock, ToolCallBlock } from '../../content/content.js';
import { buildToolIdMap } from '../../content/tool-id.js';
import type { ProviderRequest, ToolChoice } from '../provider.js';
import { mediaUrl } from './to-openai-chat-request.js';

type ForeignThinking = Pick<ProviderRequest, 'foreignThinking'>;

/** Model ids that reason (and so return encrypted reasoning). Others reject `include` of it. */
const REASONING_MODEL = /^(o\d|gpt-5|codex)/;

function mediaContent(block: MediaBlock): ResponseInputContent {
  if (block.mimeType === 'application/pdf') {
    return block.encoding === 'url'
      ? { type: 'input_file', file_url: block.data }
      : { type: 'input_file', filename: block.filename ?? 'document.pdf', file_data: mediaUrl(block) };
  }
  return { type: 'input_image', detail: 'auto', image_url: mediaUrl(block) };
}

function userContent(block: ContentBlock, request: ForeignThinking): ResponseInputContent | undefined {
  switch (block.type) {
    case 'text':
      return block.text === '' ? undefined : { type: 'input_text', text: block.text };
    case 'code':
      return { type: 'input_text', text: codeBlockText(block) };
    case 'media':
      return mediaContent(block);
    case 'thinking':
      return request.foreignThinking === 'text' && block.text ? { type: 'input_text', text: block.text } : undefined;
    default:
      return undefined;
  }
}

/** Our own reasoning with its encrypted content; anything else is the model's old summary, not needed. */
function reasoningItem(block: ThinkingBlock): ResponseInputItem | undefined {
  const encrypted = block.opaque?.api === 'openai-responses' ? block.opaque.encryptedContent : undefined;
  if (!encrypted) return undefined;
  const summary = block.text ? [{ type: 'summary_text' as const, text: block.text }] : [];
  // The SDK type requires `id`; stateless requests leave it out (see the module comment).
  return { type: 'reasoning', summary, encrypted_content: encrypted } as Omit<ResponseReasoningItem, 'id'> as ResponseReasoningItem;
}

function callItem(block: ToolCallBlock, ids: Map<string, string>): ResponseInputItem {
  const callId = ids.get(block.id) ?? block.id;
  if (block.opaque?.api === 'openai-responses' && block.opaque.customTool) {
    const input = block.parameters.input;
    return { type: 'custom_tool_call', call_id: callId, name: block.name, input: typeof input === 'string' ? input : JSON.stringify(block.parameters) };
  }
  return { type: 'function_call', call_id: callId, name: block.name, arguments: JSON.stringify(block.parameters) };
}

/** Adds user content to the last item when it is a user message, else starts one. */
function appendUser(items: ResponseInputItem[], content: ResponseInputContent[]): void {
  const last = items.at(-1);
  if (last?.type === 'message' && last.role === 'user' && Array.isArray(last.content)) {
    (last.content as ResponseInputContent[]).push(...content);
  } else {
    items.push({ type: 'message', role: 'user', content });
  }
}

/** Assistant text goes as a plain string (the API takes `input_text` parts only from the user). */
function appendAssistantText(items: ResponseInputItem[], text: string): void {
  const last = items.at(-1);
  if (last?.type === 'message' && last.role === 'assistant' && typeof last.content === 'string') {
    last.content += text;
  } else {
    items.push({ type: 'message', role: 'assistant', content: text } satisfies EasyInputMessage);
  }
}

function aiItems(content: IContent, items: ResponseInputItem[], ids: Map<string, string>, request: ForeignThinking): void {
  for (const block of content.blocks) {
    if (block.type === 'tool_call') {
      items.push(callItem(block, ids));
    } else if (block.type === 'thinking') {
      const own = block.opaque?.api === 'openai-responses';
      const item = own ? reasoningItem(block) : undefined;
      if (item) items.push(item);
      else if (!own && request.foreignThinking === 'text' && block.text) appendAssistantText(items, `<thinking>${block.text}</thinking>`);
    } else if (block.type === 'text' || block.type === 'code') {
      const text = block.type === 'text' ? block.text : codeBlockText(block);
      if (text) appendAssistantText(items, text);
    }
  }
}

/** Converts history to Responses input items, merging consecutive messages of one role. */
export function toOpenAiResponsesInput(history: readonly IContent[], request: ForeignThinking = {}): ResponseInputItem[] {
  const ids = buildToolIdMap(history, 'openai-responses');
  const custom = new Set<string>();
  for (const content of history) {
    for (const block of content.blocks) if (block.type === 'tool_call' && block.opaque?.api === 'openai-responses' && block.opaque.customTool) custom.add(block.id);
  }
  const items: ResponseInputItem[] = [];
  for (const content of history) {
    if (content.speaker === 'ai') {
      aiItems(content, items, ids, request);
      continue;
    }
    const parts: ResponseInputContent[] = [];
    for (const block of content.blocks) {
      if (block.type === 'tool_response') {
        const call_id = ids.get(block.callId) ?? block.callId;
        const output = toolResponseText(block);
        items.push(custom.has(block.callId) ? { type: 'custom_tool_call_output', call_id, output } : { type: 'function_call_output', call_id, output });
      } else {
        const part = userContent(block, request);
        if (part) parts.push(part);
      }
    }
    if (parts.length > 0) appendUser(items, parts);
  }
  return items;
}

function toolChoiceParam(choice: ToolChoice): ToolChoiceOptions | ToolChoiceFunction {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}

/** The whole streaming request body for `responses.create`. */
export function toOpenAiResponsesRequest(request: ProviderRequest): ResponseCreateParamsStreaming {
  const settings = request.settings ?? {};
  const thinking = settings.thinking?.enabled === true;
  const body: ResponseCreateParamsStreaming = { model: request.model, input: toOpenAiResponsesInput(request.history, request), stream: true, store: false };
  if (thinking || REASONING_MODEL.test(request.model)) body.include = ['reasoning.encrypted_content'];
  if (request.systemPrompt) body.instructions = request.systemPrompt;
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((tool): Tool => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.parameters, strict: false }));
    if (request.toolChoice) body.tool_choice = toolChoiceParam(request.toolChoice);
  }
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_output_tokens = settings.maxOutputTokens;
  // The Responses API has no stop sequences; `settings.stopSequences` is not sent.
  if (thinking) body.reasoning = { summary: 'auto', ...(settings.thinking?.effort ? { effort: settings.thinking.effort } : {}) };
  if (request.responseSchema) {
    body.text = { format: { type: 'json_schema', name: request.responseSchema.name, schema: request.responseSchema.schema, strict: false } };
  }
  return body;
}
