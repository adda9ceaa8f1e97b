/**
 * IContent → Anthropic Messages request. Pure. Adds prompt-cache breakpoints on the system prompt,
 * the tools and the two latest user turns (Anthropic allows four), sends thinking signatures back
 * only for thinking that Anthropic produced, and maps tool ids to `toolu_…`.
 */
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolChoice as AnthropicToolChoice,
} from '@anthropic-ai/sdk/resources/messages';
import { codeBlockText, toolResponseText } from '../../content/block-text.js';
import type { ContentBlock, IContent, MediaBlock } from '../../content/content.js';
import { buildToolIdMap } from '../../content/tool-id.js';
import type { ProviderRequest, ToolChoice } from '../provider.js';

const EPHEMERAL = { type: 'ephemeral' } as const;
/** Used when neither the request nor the model table gives an output limit. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;

function mediaParam(block: MediaBlock): ContentBlockParam {
  if (block.mimeType === 'application/pdf') {
    return block.encoding === 'url'
      ? { type: 'document', source: { type: 'url', url: block.data } }
      : { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: block.data } };
  }
  if (block.encoding === 'url') return { type: 'image', source: { type: 'url', url: block.data } };
  return {
    type: 'image',
    source: { type: 'base64', media_type: block.mimeType as 'image/png', data: block.data },
  };
}

function blockParam(
  block: ContentBlock,
  ids: Map<string, string>,
  request: Pick<ProviderRequest, 'foreignThinking'>,
): ContentBlockParam | undefined {
  switch (block.type) {
    case 'text':
      return block.text === '' ? undefined : { type: 'text', text: block.text };
    case 'code':
      return { type: 'text', text: codeBlockText(block) };
    case 'media':
      return mediaParam(block);
    case 'thinking':
      if (block.opaque?.api === 'anthropic' && block.opaque.redactedData) {
        return { type: 'redacted_thinking', data: block.opaque.redactedData };
      }
      if (block.opaque?.api === 'anthropic' && block.signature) {
        return { type: 'thinking', thinking: block.text, signature: block.signature };
      }
      return request.foreignThinking === 'text' && block.text !== '' ? { type: 'text', text: `<thinking>${block.text}</thinking>` } : undefined;
    case 'tool_call':
      return { type: 'tool_use', id: ids.get(block.id) ?? block.id, name: block.name, input: block.parameters };
    case 'tool_response':
      return {
        type: 'tool_result',
        tool_use_id: ids.get(block.callId) ?? block.callId,
        content: toolResponseText(block),
        ...(block.error !== undefined ? { is_error: true } : {}),
      };
  }
}

/** Converts history to Anthropic messages, merging consecutive turns of one role. */
export function toAnthropicMessages(history: readonly IContent[], request: Pick<ProviderRequest, 'foreignThinking'> = {}): MessageParam[] {
  const ids = buildToolIdMap(history, 'anthropic');
  const messages: MessageParam[] = [];
  for (const content of history) {
    const role = content.speaker === 'ai' ? 'assistant' : 'user';
    const blocks = content.blocks.flatMap((block) => blockParam(block, ids, request) ?? []);
    if (blocks.length === 0) continue;
    const last = messages.at(-1);
    if (last?.role === role) {
      (last.content as ContentBlockParam[]).push(...blocks);
    } else {
      messages.push({ role, content: blocks });
    }
  }
  // Thinking must not end an assistant turn that is followed by nothing else; a dangling
  // assistant message would be read as a prefill, so tool results always follow in history.
  return messages;
}

/** Marks the last block of the two latest user messages as cache breakpoints. */
function addTurnCacheBreakpoints(messages: MessageParam[]): void {
  let marked = 0;
  for (let index = messages.length - 1; index >= 0 && marked < 2; index--) {
    const message = messages[index];
    if (message?.role !== 'user' || !Array.isArray(message.content)) continue;
    const block = message.content.at(-1);
    if (block && block.type !== 'thinking' && block.type !== 'redacted_thinking') {
      (block as TextBlockParam).cache_control = EPHEMERAL;
      marked++;
    }
  }
}

/**
 * With thinking on, Anthropic requires the latest assistant turn that called tools to start with a
 * thinking block. History from another provider (or an interrupted turn) may not have one; thinking
 * is then left off for this request rather than failing it.
 */
function lastToolTurnHasThinking(messages: readonly MessageParam[]): boolean {
  const last = messages.findLast((message) => message.role === 'assistant');
  if (!last || !Array.isArray(last.content) || !last.content.some((block) => block.type === 'tool_use')) return true;
  const first = last.content[0];
  return first?.type === 'thinking' || first?.type === 'redacted_thinking';
}

function toolChoiceParam(choice: ToolChoice): AnthropicToolChoice {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any' };
  return { type: 'tool', name: choice.name };
}

/** The whole streaming request body for `messages.create`. */
export function toAnthropicRequest(request: ProviderRequest, options: { maxTokens?: number } = {}): MessageCreateParamsStreaming {
  const messages = toAnthropicMessages(request.history, request);
  addTurnCacheBreakpoints(messages);
  const settings = request.settings ?? {};
  const thinking = settings.thinking?.enabled === true;
  const maxTokens = settings.maxOutputTokens ?? options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  const body: MessageCreateParamsStreaming = { model: request.model, max_tokens: maxTokens, messages, stream: true };
  if (request.systemPrompt) body.system = [{ type: 'text', text: request.systemPrompt, cache_control: EPHEMERAL }];
  if (request.tools && request.tools.length > 0) {
    const tools: Tool[] = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: { type: 'object', ...tool.parameters } as Tool['input_schema'],
    }));
    const lastTool = tools.at(-1);
    if (lastTool) lastTool.cache_control = EPHEMERAL;
    body.tools = tools;
    if (request.toolChoice) body.tool_choice = toolChoiceParam(request.toolChoice);
  }
  if (thinking && lastToolTurnHasThinking(messages)) {
    const budget = settings.thinking?.budgetTokens ?? Math.max(1024, Math.floor(maxTokens / 2));
    body.thinking = { type: 'enabled', budget_tokens: Math.min(budget, maxTokens - 1) };
  }
  // The current Messages API (SDK 1.12) has no sampling parameters; temperature/topP are not sent.
  if (settings.stopSequences) body.stop_sequences = settings.stopSequences;
  return body;
}
