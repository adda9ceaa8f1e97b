import { notAnObject, type ApiRejection } from '../families/family-codec.js';

// Messages and `param`/`code` values follow the real Chat Completions API's 400 errors.

interface ChatMessage {
  role?: unknown;
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function reject(message: string, param?: string, code?: string): ApiRejection {
  return { status: 400, message, ...(param ? { param } : {}), ...(code ? { code } : {}) };
}

function callIds(message: ChatMessage): string[] {
  if (!Array.isArray(message.tool_calls)) return [];
  return (message.tool_calls as Array<{ id?: unknown }>).map((call) => String(call.id));
}

function unanswered(open: { index: number; ids: Set<string> } | undefined): ApiRejection | undefined {
  if (!open || open.ids.size === 0) return undefined;
  return reject(
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open.ids].join(', ')}`,
    `messages.[${open.index}].role`,
  );
}

function checkMessage(message: ChatMessage, index: number): ApiRejection | undefined {
  if (message === null || typeof message !== 'object') return reject(`Invalid type for 'messages[${index}]': expected an object.`, `messages[${index}]`, 'invalid_type');
  if (!ROLES.has(String(message.role))) {
    return reject(
      `Invalid value: '${String(message.role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
      `messages[${index}].role`,
      'invalid_value',
    );
  }
  if (message.role === 'tool' && typeof message.tool_call_id !== 'string') {
    return reject(`Missing required parameter: 'messages[${index}].tool_call_id'.`, `messages[${index}].tool_call_id`, 'missing_required_parameter');
  }
  if (message.role === 'assistant' && (message.content === undefined || message.content === null) && callIds(message).length === 0) {
    return reject(`Invalid value for 'content': expected a string, got null.`, `messages.[${index}].content`);
  }
  return undefined;
}

/** Tool messages answer the calls of the assistant message right before them, all of them. */
function checkToolPairs(messages: ChatMessage[]): ApiRejection | undefined {
  let open: { index: number; ids: Set<string> } | undefined;
  for (const [index, message] of messages.entries()) {
    const problem = checkMessage(message, index);
    if (problem) return problem;
    if (message.role === 'tool') {
      const id = String(message.tool_call_id);
      if (!open || !open.ids.has(id)) {
        return reject(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${index}].role`,
        );
      }
      open.ids.delete(id);
      continue;
    }
    const missing = unanswered(open);
    if (missing) return missing;
    const ids = message.role === 'assistant' ? callIds(message) : [];
    open = ids.length > 0 ? { index, ids: new Set(ids) } : undefined;
  }
  return unanswered(open);
}

function checkTools(tools: unknown): ApiRejection | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return reject("Invalid type for 'tools': expected an array.", 'tools', 'invalid_type');
  for (const [index, tool] of (tools as Array<{ type?: unknown; function?: { name?: unknown } }>).entries()) {
    if (tool.type !== 'function') continue;
    const name = tool.function?.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      return reject(
        `Invalid 'tools[${index}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' of at most 64 characters.`,
        `tools[${index}].function.name`,
        'invalid_value',
      );
    }
  }
  return undefined;
}

/**
 * What Chat Completions rejects with 400: no model or messages, unknown roles, a tool message that
 * answers no call, an assistant's calls left without tool messages, malformed tool names.
 */
export function validateOpenAiChatRequest(body: unknown): ApiRejection | undefined {
  const shape = notAnObject(body);
  if (shape) return shape;
  const request = body as Record<string, unknown>;
  if (typeof request.model !== 'string') return reject('you must provide a model parameter');
  if (!Array.isArray(request.messages)) return reject("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  if (request.messages.length === 0) {
    return reject("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages', 'empty_array');
  }
  return checkToolPairs(request.messages as ChatMessage[]) ?? checkTools(request.tools);
}
