import { notAnObject, type ApiRejection } from '../families/family-codec.js';

// Messages follow the real Responses API's 400 errors.

interface InputItem {
  type?: unknown;
  role?: unknown;
  call_id?: unknown;
  name?: unknown;
}

const ROLES = new Set(['user', 'assistant', 'system', 'developer']);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function reject(message: string, param?: string, code?: string): ApiRejection {
  return { status: 400, message, ...(param ? { param } : {}), ...(code ? { code } : {}) };
}

function checkItem(item: InputItem, index: number): ApiRejection | undefined {
  if (item === null || typeof item !== 'object') return reject(`Invalid type for 'input[${index}]': expected an object.`, `input[${index}]`, 'invalid_type');
  const isMessage = item.type === 'message' || (item.type === undefined && item.role !== undefined);
  if (isMessage && !ROLES.has(String(item.role))) {
    return reject(
      `Invalid value: '${String(item.role)}'. Supported values are: 'assistant', 'system', 'developer', and 'user'.`,
      `input[${index}].role`,
      'invalid_value',
    );
  }
  if ((item.type === 'function_call' || item.type === 'function_call_output') && typeof item.call_id !== 'string') {
    return reject(`Missing required parameter: 'input[${index}].call_id'.`, `input[${index}].call_id`, 'missing_required_parameter');
  }
  if (item.type === 'function_call' && typeof item.name !== 'string') {
    return reject(`Missing required parameter: 'input[${index}].name'.`, `input[${index}].name`, 'missing_required_parameter');
  }
  return undefined;
}

/** Each output answers an earlier call; each call has its output (unless the history lives server-side). */
function checkToolPairs(items: InputItem[], serverSideHistory: boolean): ApiRejection | undefined {
  const calls = new Set<string>();
  const outputs = new Set<string>();
  for (const [index, item] of items.entries()) {
    const problem = checkItem(item, index);
    if (problem) return problem;
    if (item.type === 'function_call') calls.add(String(item.call_id));
    if (item.type === 'function_call_output') {
      const id = String(item.call_id);
      if (!calls.has(id) && !serverSideHistory) return reject(`No tool call found for function call output with call_id ${id}.`, 'input');
      outputs.add(id);
    }
  }
  for (const id of calls) {
    if (!outputs.has(id)) return reject(`No tool output found for function call ${id}.`, 'input');
  }
  return undefined;
}

function checkTools(tools: unknown): ApiRejection | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return reject("Invalid type for 'tools': expected an array.", 'tools', 'invalid_type');
  for (const [index, tool] of (tools as Array<{ type?: unknown; name?: unknown }>).entries()) {
    if (tool.type !== 'function') continue;
    if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
      return reject(
        `Invalid 'tools[${index}].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' of at most 64 characters.`,
        `tools[${index}].name`,
        'invalid_value',
      );
    }
  }
  return undefined;
}

/**
 * What the Responses API rejects with 400: no model, unknown roles, a function_call_output whose call
 * is not in the input, a function_call without its output, malformed tool names.
 */
export function validateOpenAiResponsesRequest(body: unknown): ApiRejection | undefined {
  const shape = notAnObject(body);
  if (shape) return shape;
  const request = body as Record<string, unknown>;
  if (typeof request.model !== 'string') return reject("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  const input = request.input;
  if (input !== undefined && typeof input !== 'string' && !Array.isArray(input)) {
    return reject("Invalid type for 'input': expected one of a string or an array of input items.", 'input', 'invalid_type');
  }
  const items = Array.isArray(input) ? (input as InputItem[]) : [];
  return checkToolPairs(items, typeof request.previous_response_id === 'string') ?? checkTools(request.tools);
}
