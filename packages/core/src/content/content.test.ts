import { describe, expect, it } from 'vitest';
import type { IContent } from './content.js';
import { repairContent } from './repair-content.js';
import {
  buildToolIdMap,
  historyToolIdFrom,
  isHistoryToolId,
  newHistoryToolId,
  providerToolIdFor,
} from './tool-id.js';
import { validateContent } from './validate-content.js';

const callA = { type: 'tool_call' as const, id: 'hist_tool_11111111-1111-4111-8111-111111111111', name: 'read_file', parameters: { path: 'a' } };
const callB = { type: 'tool_call' as const, id: 'hist_tool_22222222-2222-4222-8222-222222222222', name: 'ls', parameters: {} };

describe('tool ids', () => {
  it('creates and recognises history ids', () => {
    const id = newHistoryToolId();
    expect(isHistoryToolId(id)).toBe(true);
    expect(isHistoryToolId('toolu_01abc')).toBe(false);
  });

  it('maps a provider id to the same history id every time, in history form', () => {
    const first = historyToolIdFrom('toolu_01ABCdef');
    expect(isHistoryToolId(first)).toBe(true);
    expect(historyToolIdFrom('toolu_01ABCdef')).toBe(first);
    expect(historyToolIdFrom('call_xyz')).not.toBe(first);
    expect(historyToolIdFrom(first)).toBe(first);
  });

  it('sends the original id back to the same API and a well-formed foreign id elsewhere', () => {
    const call = { ...callA, opaque: { api: 'anthropic' as const, callId: 'toolu_01XYZ' } };
    expect(providerToolIdFor(call, 'anthropic')).toBe('toolu_01XYZ');
    expect(providerToolIdFor(call, 'openai-chat')).toBe('call_11111111111141118111111111111111');
    expect(providerToolIdFor(callA, 'anthropic')).toBe('toolu_11111111111141118111111111111111');
    expect(providerToolIdFor(callA, 'gemini')).toBe(callA.id);
  });

  it('shares call ids between the two OpenAI APIs', () => {
    const call = { ...callA, opaque: { api: 'openai-responses' as const, callId: 'call_abc' } };
    expect(providerToolIdFor(call, 'openai-chat')).toBe('call_abc');
  });

  it('builds a history→wire id map for every call', () => {
    const map = buildToolIdMap([{ speaker: 'ai', blocks: [callA, callB] }], 'anthropic');
    expect(map.get(callB.id)).toMatch(/^toolu_[0-9a-f]{32}$/);
    expect(map.size).toBe(2);
  });
});

describe('validateContent', () => {
  it('accepts a well-paired conversation', () => {
    const history: IContent[] = [
      { speaker: 'human', blocks: [{ type: 'text', text: 'hi' }] },
      { speaker: 'ai', blocks: [{ type: 'thinking', text: 'hm' }, callA, callB] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: callA.id, toolName: 'read_file', result: 'x' }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: callB.id, toolName: 'ls', error: 'denied' }] },
      { speaker: 'ai', blocks: [{ type: 'text', text: 'done' }] },
    ];
    expect(validateContent(history)).toEqual({ valid: true, issues: [] });
  });

  it('names an unanswered call, a stray response and a duplicate', () => {
    const history: IContent[] = [
      { speaker: 'ai', blocks: [callA, callB] },
      {
        speaker: 'tool',
        blocks: [
          { type: 'tool_response', callId: callA.id, toolName: 'read_file', result: 1 },
          { type: 'tool_response', callId: callA.id, toolName: 'read_file', result: 2 },
          { type: 'tool_response', callId: 'hist_tool_nope', toolName: 'x', result: 3 },
        ],
      },
      { speaker: 'human', blocks: [{ type: 'text', text: 'next' }] },
    ];
    const result = validateContent(history);
    expect(result.valid).toBe(false);
    expect(result.issues.map((issue) => issue.code).sort()).toEqual(['duplicate_response', 'orphan_call', 'orphan_response']);
    expect(result.issues.find((issue) => issue.code === 'orphan_call')?.message).toContain(callB.id);
  });

  it('rejects unknown speakers, unknown blocks, bad shapes and misplaced calls', () => {
    const history = [
      { speaker: 'robot', blocks: [] },
      { speaker: 'human', blocks: [{ type: 'video' }, { type: 'media', mimeType: 'image/png', data: 'x', encoding: 'hex' }, callA] },
    ] as unknown as IContent[];
    const codes = validateContent(history).issues.map((issue) => issue.code);
    expect(codes).toContain('bad_speaker');
    expect(codes.filter((code) => code === 'bad_block')).toHaveLength(2);
    expect(codes).toContain('misplaced_block');
  });

  it('flags a call left open at the end of the history', () => {
    expect(validateContent([{ speaker: 'ai', blocks: [callA] }]).issues[0]?.code).toBe('orphan_call');
  });
});

describe('repairContent', () => {
  it('closes open calls with a synthetic error and drops stray responses', () => {
    const history: IContent[] = [
      { speaker: 'ai', blocks: [callA, callB] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: callA.id, toolName: 'read_file', result: 'ok' }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: 'hist_tool_stray', toolName: 'x', result: 1 }] },
      { speaker: 'human', blocks: [{ type: 'text', text: 'go on' }] },
    ];
    const repaired = repairContent(history, 'cancelled');
    expect(repaired.closedCalls).toEqual([callB.id]);
    expect(repaired.droppedResponses).toEqual(['hist_tool_stray']);
    expect(validateContent(repaired.history).valid).toBe(true);
    const synthetic = repaired.history[2];
    expect(synthetic?.metadata?.synthetic).toBe(true);
    expect(synthetic?.blocks[0]).toMatchObject({ type: 'tool_response', callId: callB.id, toolName: 'ls', error: 'cancelled' });
    expect(repaired.history[3]?.speaker).toBe('human');
  });

  it('leaves a valid history unchanged', () => {
    const history: IContent[] = [{ speaker: 'human', blocks: [{ type: 'text', text: 'hi' }] }];
    expect(repairContent(history).history).toEqual(history);
  });
});
