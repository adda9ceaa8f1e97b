import { describe, expect, it } from 'vitest';
import { validateGeminiRequest } from './gemini-request.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const calls = (...names: string[]) => ({ role: 'model', parts: names.map((name) => ({ functionCall: { name, args: {} } })) });
const responses = (...names: string[]) => ({ role: 'user', parts: names.map((name) => ({ functionResponse: { name, response: { ok: true } } })) });

function check(contents: unknown[], model = 'gemini-2.5-pro') {
  return validateGeminiRequest({ contents }, { model })?.message;
}

describe('validateGeminiRequest', () => {
  it('accepts parallel calls answered by as many responses, and a role-less single turn', () => {
    expect(check([user('go'), calls('ls', 'glob'), responses('ls', 'glob'), { role: 'model', parts: [{ text: 'done' }] }])).toBeUndefined();
    expect(check([{ parts: [{ text: 'hi' }] }])).toBeUndefined();
  });

  it('rejects roles other than user and model', () => {
    expect(check([{ role: 'assistant', parts: [{ text: 'x' }] }])).toBe('Please use a valid role: user, model.');
    expect(check([{ role: 'system', parts: [{ text: 'x' }] }])).toBe('Please use a valid role: user, model.');
  });

  it('rejects a response turn that follows no call turn', () => {
    expect(check([user('go'), responses('ls')])).toBe('Please ensure that function response turn comes immediately after a function call turn.');
  });

  it('rejects calls left unanswered, or answered in part, before the next turn', () => {
    const unequal = 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';
    expect(check([user('go'), calls('ls', 'glob'), responses('ls')])).toBe(unequal);
    expect(check([user('go'), calls('ls'), user('never mind')])).toBe(unequal);
  });

  it('rejects a call turn right after another model turn, and empty parts', () => {
    expect(check([user('go'), { role: 'model', parts: [{ text: 'x' }] }, calls('ls')])).toMatch(/function call turn comes immediately after a user turn/);
    expect(check([{ role: 'user', parts: [] }])).toMatch(/contents\[0\]\.parts: contents\.parts must not be empty/);
    expect(check([])).toMatch(/contents is not specified/);
  });

  it('requires thought signatures on Gemini 3 calls of the current turn only', () => {
    const signed = { role: 'model', parts: [{ functionCall: { name: 'ls', args: {} }, thoughtSignature: 'sig' }] };
    expect(check([user('go'), calls('ls'), responses('ls')], 'gemini-3-pro-preview')).toMatch(/missing a thought_signature.*default_api:ls/);
    expect(check([user('go'), signed, responses('ls')], 'gemini-3-pro-preview')).toBeUndefined();
    expect(check([user('old'), calls('ls'), responses('ls'), { role: 'model', parts: [{ text: 'ok' }] }, user('new')], 'gemini-3-pro-preview')).toBeUndefined();
  });
});
