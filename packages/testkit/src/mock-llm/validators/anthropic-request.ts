import { notAnObject, type ApiRejection, type ValidationContext } from '../families/family-codec.js';

// The messages below follow the wording of the real Messages API's 400 errors, so that a test that
// passes here fails the same way against Anthropic (and a classifier keyed on them keeps working).

type Block = { type?: unknown } & Record<string, unknown>;
interface Message {
  role?: unknown;
  content?: unknown;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

function reject(message: string): ApiRejection {
  return { status: 400, message };
}

function blocksOf(message: Message): Block[] {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? (message.content as Block[]) : [];
}

function checkBlock(block: Block, where: string): ApiRejection | undefined {
  if (block === null || typeof block !== 'object') return reject(`${where}: Input should be a valid dictionary or object`);
  switch (block.type) {
    case 'text':
      if (typeof block.text !== 'string' || block.text === '') return reject(`${where}: text content blocks must be non-empty`);
      return undefined;
    case 'thinking':
      if (typeof block.signature !== 'string' || block.signature === '') return reject(`${where}.signature: Field required`);
      if (typeof block.thinking !== 'string') return reject(`${where}.thinking: Field required`);
      return undefined;
    case 'redacted_thinking':
      return typeof block.data === 'string' ? undefined : reject(`${where}.data: Field required`);
    case 'tool_use':
      if (typeof block.id !== 'string') return reject(`${where}.id: Field required`);
      if (typeof block.name !== 'string') return reject(`${where}.name: Field required`);
      if (block.input === null || typeof block.input !== 'object' || Array.isArray(block.input)) {
        return reject(`${where}.input: Input should be a valid dictionary`);
      }
      return undefined;
    case 'tool_result':
      return typeof block.tool_use_id === 'string' ? undefined : reject(`${where}.tool_use_id: Field required`);
    default:
      return undefined;
  }
}

function checkShape(messages: Message[]): ApiRejection | undefined {
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'user' && message.role !== 'assistant') {
      return reject(
        message.role === 'system'
          ? 'messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.'
          : `messages.${index}.role: Input should be 'user' or 'assistant'`,
      );
    }
    const blocks = blocksOf(message);
    const finalAssistant = index === messages.length - 1 && message.role === 'assistant';
    if (blocks.length === 0 && !finalAssistant) return reject(`messages.${index}: all messages must have non-empty content except for the optional final assistant message`);
    for (const [blockIndex, block] of blocks.entries()) {
      const problem = checkBlock(block, `messages.${index}.content.${blockIndex}`);
      if (problem) return problem;
    }
  }
  if (messages[0]?.role !== 'user') return reject('messages: first message must use the "user" role');
  for (let index = 1; index < messages.length; index += 1) {
    if (messages[index]?.role === messages[index - 1]?.role) {
      return reject(`messages: roles must alternate between "user" and "assistant", but found multiple "${String(messages[index]?.role)}" roles in a row (messages.${index - 1} and messages.${index})`);
    }
  }
  return undefined;
}

function idsOf(blocks: Block[], type: string, key: string): string[] {
  return blocks.filter((block) => block.type === type).map((block) => String(block[key]));
}

/** Every tool_use is answered in the very next message, first in its content; no tool_result answers nothing. */
function checkToolPairs(messages: Message[]): ApiRejection | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message);
    if (message.role === 'user') {
      const previous = index > 0 ? blocksOf(messages[index - 1] as Message) : [];
      const calls = new Set(idsOf(previous, 'tool_use', 'id'));
      const orphans = idsOf(blocks, 'tool_result', 'tool_use_id').filter((id) => !calls.has(id));
      if (orphans.length > 0) {
        return reject(`messages.${index}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${orphans.join(', ')}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`);
      }
      continue;
    }
    const calls = idsOf(blocks, 'tool_use', 'id');
    if (calls.length === 0) continue;
    const next = messages[index + 1];
    const answerBlocks = next ? blocksOf(next) : [];
    // Results must lead the next message: text before them makes the API treat the calls as unanswered.
    const leading: Block[] = [];
    for (const block of answerBlocks) {
      if (block.type !== 'tool_result') break;
      leading.push(block);
    }
    const answered = new Set(idsOf(leading, 'tool_result', 'tool_use_id'));
    const missing = calls.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      return reject(`messages.${index + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`);
    }
  }
  return undefined;
}

/** With thinking enabled, the assistant turn that a tool result continues must start with its thinking block. */
function checkThinkingContinuation(body: Record<string, unknown>, messages: Message[]): ApiRejection | undefined {
  const thinking = body.thinking as { type?: unknown } | undefined;
  if (thinking?.type !== 'enabled' && thinking?.type !== 'adaptive') return undefined;
  const last = messages.at(-1);
  const previous = messages.at(-2);
  if (!last || !previous || last.role !== 'user') return undefined;
  if (!blocksOf(last).some((block) => block.type === 'tool_result')) return undefined;
  const first = blocksOf(previous)[0];
  if (first?.type === 'thinking' || first?.type === 'redacted_thinking') return undefined;
  return reject(`messages.${messages.length - 2}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`.`);
}

function checkTools(tools: unknown): ApiRejection | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return reject('tools: Input should be a valid list');
  const seen = new Set<string>();
  for (const [index, tool] of (tools as Array<Record<string, unknown>>).entries()) {
    if (tool.type !== undefined && tool.type !== 'custom') continue;
    if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
      return reject(`tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
    }
    if (seen.has(tool.name)) return reject('tools: Tool names must be unique.');
    seen.add(tool.name);
    const schema = tool.input_schema as { type?: unknown } | undefined;
    if (!schema || schema.type !== 'object') return reject(`tools.${index}.custom.input_schema.type: Input should be 'object'`);
  }
  return undefined;
}

/**
 * What the Messages API rejects with 400: missing model/max_tokens, roles out of order, tool results
 * without their call, calls without their result, thinking blocks without a signature, bad tools.
 * `countTokens` requests carry no `max_tokens`.
 */
export function validateAnthropicRequest(body: unknown, options: Partial<ValidationContext> = {}): ApiRejection | undefined {
  const shape = notAnObject(body);
  if (shape) return shape;
  const request = body as Record<string, unknown>;
  if (typeof request.model !== 'string') return reject('model: Field required');
  if (!options.countTokens && typeof request.max_tokens !== 'number') return reject('max_tokens: Field required');
  if (!Array.isArray(request.messages)) return reject('messages: Field required');
  if (request.messages.length === 0) return reject('messages: at least one message is required');
  const messages = request.messages as Message[];
  return (
    checkShape(messages) ??
    checkToolPairs(messages) ??
    checkThinkingContinuation(request, messages) ??
    checkTools(request.tools)
  );
}
