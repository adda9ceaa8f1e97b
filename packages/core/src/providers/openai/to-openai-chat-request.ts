/**
 * IContent → OpenAI Chat Completions request. Pure. Works for OpenAI and compatible servers:
 * tool ids become `call_…`, each tool response is its own `tool` message, images are data URLs.
 */
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import { codeBlockText, toolResponseText } from '../../content/block-text.js';
import type { ContentBlock, IContent, MediaBlock } from '../../content/content.js';
import { buildToolIdMap } from '../../content/tool-id.js';
import type { ProviderRequest, ToolChoice } from '../provider.js';

/** A media block as an `image_url` (data URL for inline data). */
export function mediaUrl(block: MediaBlock): string {
  return block.encoding === 'url' ? block.data : `data:${block.mimeType};base64,${block.data}`;
}

function userPart(block: ContentBlock, request: Pick<ProviderRequest, 'foreignThinking'>): ChatCompletionContentPart | undefined {
  switch (block.type) {
    case 'text':
      return block.text === '' ? undefined : { type: 'text', text: block.text };
    case 'code':
      return { type: 'text', text: codeBlockText(block) };
    case 'media':
      return { type: 'image_url', image_url: { url: mediaUrl(block) } };
    case 'thinking':
      return request.foreignThinking === 'text' && block.text ? { type: 'text', text: block.text } : undefined;
    default:
      return undefined;
  }
}

type AssistantMessage = ChatCompletionAssistantMessageParam & { reasoning_content?: string };

function assistantMessage(content: IContent, ids: Map<string, string>, request: Pick<ProviderRequest, 'foreignThinking'>): AssistantMessage | undefined {
  const texts: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: NonNullable<ChatCompletionAssistantMessageParam['tool_calls']> = [];
  for (const block of content.blocks) {
    if (block.type === 'tool_call') {
      toolCalls.push({ id: ids.get(block.id) ?? block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.parameters) } });
    } else if (block.type === 'thinking' && block.opaque?.api === 'openai-chat') {
      // Compatible servers (DeepSeek) want their own reasoning back beside the tool calls it led to.
      reasoning.push(block.text);
    } else if (block.type === 'thinking') {
      if (request.foreignThinking === 'text' && block.text) texts.push(`<thinking>${block.text}</thinking>`);
    } else if (block.type === 'text' || block.type === 'code') {
      const text = block.type === 'text' ? block.text : codeBlockText(block);
      if (text) texts.push(text);
    }
  }
  if (texts.length === 0 && toolCalls.length === 0) return undefined;
  const message: AssistantMessage = { role: 'assistant', content: texts.length > 0 ? texts.join('') : null };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  if (reasoning.length > 0 && toolCalls.length > 0) message.reasoning_content = reasoning.join('');
  return message;
}

function appendUser(messages: ChatCompletionMessageParam[], parts: ChatCompletionContentPart[]): void {
  const last = messages.at(-1);
  if (last?.role === 'user' && Array.isArray(last.content)) {
    last.content.push(...parts);
  } else {
    messages.push({ role: 'user', content: parts });
  }
}

/** Simplifies user messages that are text only to a plain string, which every server accepts. */
function flattenTextOnly(message: ChatCompletionMessageParam): ChatCompletionMessageParam {
  if (message.role !== 'user' || !Array.isArray(message.content)) return message;
  const parts = message.content;
  if (!parts.every((part) => part.type === 'text')) return message;
  return { role: 'user', content: parts.map((part) => part.text).join('\n\n') };
}

/** Converts history (and the system prompt) to chat messages. */
export function toOpenAiChatMessages(history: readonly IContent[], request: Pick<ProviderRequest, 'systemPrompt' | 'foreignThinking'> = {}): ChatCompletionMessageParam[] {
  const ids = buildToolIdMap(history, 'openai-chat');
  const messages: ChatCompletionMessageParam[] = request.systemPrompt ? [{ role: 'system', content: request.systemPrompt }] : [];
  for (const content of history) {
    if (content.speaker === 'ai') {
      const message = assistantMessage(content, ids, request);
      const last = messages.at(-1);
      if (message && last?.role === 'assistant' && !last.tool_calls) {
        messages[messages.length - 1] = { ...message, content: [last.content, message.content].filter(Boolean).join('') || null };
      } else if (message) {
        messages.push(message);
      }
      continue;
    }
    const parts: ChatCompletionContentPart[] = [];
    for (const block of content.blocks) {
      if (block.type === 'tool_response') {
        messages.push({ role: 'tool', tool_call_id: ids.get(block.callId) ?? block.callId, content: toolResponseText(block) });
      } else {
        const part = userPart(block, request);
        if (part) parts.push(part);
      }
    }
    if (parts.length > 0) appendUser(messages, parts);
  }
  return messages.map(flattenTextOnly);
}

function toolChoiceParam(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** The whole streaming request body for `chat.completions.create`. */
export function toOpenAiChatRequest(request: ProviderRequest, options: { includeUsage?: boolean } = {}): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = { model: request.model, messages: toOpenAiChatMessages(request.history, request), stream: true };
  if (options.includeUsage !== false) body.stream_options = { include_usage: true };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
    if (request.toolChoice) body.tool_choice = toolChoiceParam(request.toolChoice);
  }
  const settings = request.settings ?? {};
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_completion_tokens = settings.maxOutputTokens;
  if (settings.stopSequences) body.stop = settings.stopSequences;
  if (settings.thinking?.enabled && settings.thinking.effort) body.reasoning_effort = settings.thinking.effort;
  if (request.responseSchema) {
    body.response_format = { type: 'json_schema', json_schema: { name: request.responseSchema.name, schema: request.responseSchema.schema, strict: false } };
  }
  return body;
}
