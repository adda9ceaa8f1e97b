import type { AgentEvent } from '@alfred/core';
import { describe, expect, it } from 'vitest';
import { emptyJsonResult, exitCodeFor, foldJson, initLine, streamJsonLine } from './output-formats.js';

const info = { sessionId: 's1', provider: 'anthropic', model: 'claude-x', cwd: '/w', approvalMode: 'default' };

const events: AgentEvent[] = [
  { type: 'turn_start', turn: 1, provider: 'anthropic', model: 'claude-x' },
  { type: 'text_delta', text: 'Let me look.' },
  { type: 'tool_call', call: { id: 'hist_tool_1', name: 'read_file', args: { path: 'a.ts' }, description: 'Read a.ts', kind: 'read' } },
  { type: 'tool_start', callId: 'hist_tool_1' },
  { type: 'tool_result', callId: 'hist_tool_1', status: 'completed', view: { summary: 'Read 3 lines' }, durationMs: 4 },
  { type: 'usage', usage: { input: 100, output: 10, cachedRead: 50 }, contextTokens: 110, contextWindow: 1000 },
  { type: 'turn_start', turn: 2, provider: 'anthropic', model: 'claude-x' },
  { type: 'text_delta', text: 'It exports ' },
  { type: 'text_delta', text: 'a constant.' },
  { type: 'usage', usage: { input: 120, output: 5 }, contextTokens: 125, contextWindow: 1000 },
  { type: 'done', reason: 'stop' },
];

describe('headless output formats', () => {
  it('folds the events into one json object whose response is the final answer', () => {
    const result = events.reduce(foldJson, emptyJsonResult(info));
    expect(result.response).toBe('It exports a constant.');
    expect(result.tool_calls).toEqual([
      { id: 'hist_tool_1', name: 'read_file', args: { path: 'a.ts' }, status: 'completed', summary: 'Read 3 lines', durationMs: 4 },
    ]);
    expect(result.usage).toEqual({ input: 220, output: 15, cached_read: 50, cache_write: 0, thinking: 0, requests: 2 });
    expect(result.done_reason).toBe('stop');
  });

  it('prints one parseable line per user-visible event and an init line first', () => {
    const lines = events.map(streamJsonLine).filter((line): line is string => line !== undefined);
    expect(lines.map((line) => JSON.parse(line).type)).toEqual([
      'text_delta', 'tool_call', 'tool_result', 'usage', 'text_delta', 'text_delta', 'usage', 'done',
    ]);
    expect(JSON.parse(initLine(info))).toMatchObject({ type: 'init', session_id: 's1', model: 'claude-x' });
  });

  it('maps how a run ended to the documented exit codes', () => {
    expect(exitCodeFor('stop')).toBe(0);
    expect(exitCodeFor('max_turns')).toBe(0);
    expect(exitCodeFor('error')).toBe(1);
    expect(exitCodeFor('cancelled')).toBe(130);
  });
});
