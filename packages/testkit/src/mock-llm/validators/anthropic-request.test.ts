import { describe, expect, it } from 'vitest';
import { validateAnthropicRequest } from './anthropic-request.js';

const base = { model: 'claude-sonnet-4-6', max_tokens: 100 };
const call = { type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} };
const result = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.ts' };

function check(messages: unknown[], extra: Record<string, unknown> = {}) {
  return validateAnthropicRequest({ ...base, ...extra, messages })?.message;
}

describe('validateAnthropicRequest', () => {
  it('accepts a complete tool round trip with thinking', () => {
    const thinking = { type: 'thinking', thinking: 'plan', signature: 'sig' };
    expect(
      check(
        [
          { role: 'user', content: 'list' },
          { role: 'assistant', content: [thinking, call] },
          { role: 'user', content: [result] },
        ],
        { thinking: { type: 'enabled', budget_tokens: 1024 } },
      ),
    ).toBeUndefined();
  });

  it('rejects a tool_result whose tool_use is not in the previous message', () => {
    expect(check([{ role: 'user', content: 'go' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: [result] }])).toMatch(
      /unexpected `tool_use_id` found in `tool_result` blocks: toolu_1/,
    );
  });

  it('rejects a tool_use left without its tool_result in the next message', () => {
    expect(check([{ role: 'user', content: 'go' }, { role: 'assistant', content: [call] }, { role: 'user', content: 'never mind' }])).toMatch(
      /`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1/,
    );
  });

  it('rejects a tool_result placed after text in the answering message', () => {
    const messages = [{ role: 'user', content: 'go' }, { role: 'assistant', content: [call] }, { role: 'user', content: [{ type: 'text', text: 'here' }, result] }];
    expect(check(messages)).toMatch(/without `tool_result` blocks immediately after/);
  });

  it('requires alternating roles that start with user, and no system role', () => {
    expect(check([{ role: 'assistant', content: 'hi' }])).toBe('messages: first message must use the "user" role');
    expect(check([{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }])).toMatch(/roles must alternate/);
    expect(check([{ role: 'system', content: 'be nice' }])).toMatch(/Unexpected role "system"/);
  });

  it('rejects a thinking block without its signature', () => {
    const messages = [{ role: 'user', content: 'go' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 'x' }, { type: 'text', text: 'y' }] }, { role: 'user', content: 'more' }];
    expect(check(messages)).toBe('messages.1.content.0.signature: Field required');
  });

  it('rejects a tool continuation without the thinking block when thinking is enabled', () => {
    const messages = [{ role: 'user', content: 'go' }, { role: 'assistant', content: [call] }, { role: 'user', content: [result] }];
    expect(check(messages, { thinking: { type: 'enabled', budget_tokens: 1024 } })).toMatch(/Expected `thinking` or `redacted_thinking`, but found `tool_use`/);
    expect(check(messages)).toBeUndefined();
  });

  it('rejects empty content, a missing max_tokens, and a malformed tool name', () => {
    expect(check([{ role: 'user', content: [] }])).toMatch(/must have non-empty content/);
    expect(check([{ role: 'user', content: '' }])).toMatch(/text content blocks must be non-empty/);
    expect(validateAnthropicRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] })?.message).toBe('max_tokens: Field required');
    expect(validateAnthropicRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { countTokens: true })).toBeUndefined();
    expect(check([{ role: 'user', content: 'x' }], { tools: [{ name: 'bad name', input_schema: { type: 'object' } }] })).toMatch(/custom\.name/);
  });
});
