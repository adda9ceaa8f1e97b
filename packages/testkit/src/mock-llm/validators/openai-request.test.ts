import { describe, expect, it } from 'vitest';
import { validateOpenAiChatRequest } from './openai-chat-request.js';
import { validateOpenAiResponsesRequest } from './openai-responses-request.js';

const toolCall = (id: string) => ({ id, type: 'function', function: { name: 'ls', arguments: '{}' } });

function chat(messages: unknown[], extra: Record<string, unknown> = {}) {
  return validateOpenAiChatRequest({ model: 'gpt-4.1', messages, ...extra });
}

describe('validateOpenAiChatRequest', () => {
  it('accepts parallel calls answered by tool messages, then a new user turn', () => {
    const messages = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [toolCall('call_1'), toolCall('call_2')] },
      { role: 'tool', tool_call_id: 'call_2', content: 'b' },
      { role: 'tool', tool_call_id: 'call_1', content: 'a' },
      { role: 'user', content: 'thanks' },
    ];
    expect(chat(messages)).toBeUndefined();
  });

  it('rejects a tool message that answers no call', () => {
    expect(chat([{ role: 'user', content: 'go' }, { role: 'tool', tool_call_id: 'call_1', content: 'a' }])).toMatchObject({
      status: 400,
      message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      param: 'messages.[1].role',
    });
  });

  it('rejects calls left unanswered before the next user turn, naming them', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [toolCall('call_1'), toolCall('call_2')] },
      { role: 'tool', tool_call_id: 'call_1', content: 'a' },
      { role: 'user', content: 'next' },
    ];
    expect(chat(messages)?.message).toMatch(/did not have response messages: call_2$/);
    expect(chat(messages.slice(0, 2))?.message).toMatch(/call_1, call_2$/);
  });

  it('rejects unknown roles, empty messages and bad tool names', () => {
    expect(chat([{ role: 'model', content: 'x' }])).toMatchObject({ code: 'invalid_value', param: 'messages[0].role' });
    expect(chat([])).toMatchObject({ code: 'empty_array' });
    expect(chat([{ role: 'user', content: 'x' }], { tools: [{ type: 'function', function: { name: 'has space' } }] })).toMatchObject({
      param: 'tools[0].function.name',
    });
  });
});

describe('validateOpenAiResponsesRequest', () => {
  const call = { type: 'function_call', call_id: 'call_1', name: 'ls', arguments: '{}' };
  const output = { type: 'function_call_output', call_id: 'call_1', output: 'a' };

  it('accepts a call with its output, and an output whose call lives in previous_response_id', () => {
    expect(validateOpenAiResponsesRequest({ model: 'gpt-5', input: [{ role: 'user', content: 'go' }, call, output] })).toBeUndefined();
    expect(validateOpenAiResponsesRequest({ model: 'gpt-5', previous_response_id: 'resp_1', input: [output] })).toBeUndefined();
  });

  it('rejects an output without its call and a call without its output', () => {
    expect(validateOpenAiResponsesRequest({ model: 'gpt-5', input: [output] })?.message).toBe('No tool call found for function call output with call_id call_1.');
    expect(validateOpenAiResponsesRequest({ model: 'gpt-5', input: [call] })?.message).toBe('No tool output found for function call call_1.');
  });

  it('rejects unknown roles and a missing model', () => {
    expect(validateOpenAiResponsesRequest({ model: 'gpt-5', input: [{ role: 'tool', content: 'x' }] })).toMatchObject({ param: 'input[0].role' });
    expect(validateOpenAiResponsesRequest({ input: 'x' })).toMatchObject({ code: 'missing_required_parameter', param: 'model' });
  });
});
