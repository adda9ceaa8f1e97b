import type { AgentEvent } from '@alfred/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_TRANSCRIPT, type HistoryItem, type TranscriptState } from './history-items.js';
import { closedBlocksLength } from './markdown-blocks.js';
import { reduceTranscript, type TranscriptAction } from './reduce-transcript.js';

function play(actions: TranscriptAction[], start: TranscriptState = EMPTY_TRANSCRIPT, now = 1000): TranscriptState {
  return actions.reduce((state, action, index) => reduceTranscript(state, action, now + index * 100), start);
}

const readCall: AgentEvent = {
  type: 'tool_call',
  call: { id: 'c1', name: 'read_file', args: { path: 'a.ts' }, description: 'Read a.ts', kind: 'read' },
};
const shellCall: AgentEvent = {
  type: 'tool_call',
  call: { id: 'c2', name: 'shell', args: { command: 'npm test' }, description: 'Run npm test', kind: 'execute' },
};

function summary(items: HistoryItem[]): string[] {
  return items.map((item) => {
    const state = item.done ? 'done' : 'live';
    if (item.kind === 'tool_group') return `tools(${item.calls.map((call) => call.status).join(',')}) ${state}`;
    if ('text' in item) return `${item.kind}:${JSON.stringify(item.text)} ${state}`;
    return `${item.kind} ${state}`;
  });
}

describe('reduceTranscript', () => {
  it('records the prompt and streams an answer into one live item that finishes on done', () => {
    const streaming = play([
      { type: 'user_prompt', text: 'hi' },
      { type: 'turn_start', turn: 1, provider: 'anthropic', model: 'm' },
      { type: 'text_delta', text: 'Hel' },
      { type: 'text_delta', text: 'lo' },
    ]);
    expect(summary(streaming.items)).toEqual(['user:"hi" done', 'answer:"Hello" live']);
    expect(streaming.turnStartedAt).toBe(1000);
    const finished = reduceTranscript(streaming, { type: 'done', reason: 'stop' }, 2000);
    expect(summary(finished.items)).toEqual(['user:"hi" done', 'answer:"Hello" done']);
    expect(finished.turnStartedAt).toBeUndefined();
  });

  it('moves closed markdown blocks of a long answer into finished items as they close', () => {
    const state = play([
      { type: 'text_delta', text: '# Title\n\nFirst para' },
      { type: 'text_delta', text: 'graph.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n' },
    ]);
    expect(summary(state.items)).toEqual([
      'answer:"# Title" done',
      'answer:"First paragraph." done',
      'answer:"```ts\\nconst a = 1;\\n\\nconst b = 2;\\n" live',
    ]);
  });

  it('keeps thinking separate from the answer and finishes it when the answer starts', () => {
    const state = play([
      { type: 'thinking_delta', text: 'Let me ' },
      { type: 'thinking_delta', text: 'think.' },
      { type: 'text_delta', text: 'Answer' },
    ]);
    expect(summary(state.items)).toEqual(['thinking:"Let me think." done', 'answer:"Answer" live']);
  });

  it('walks a tool call through approval, running with live output, and completion with duration', () => {
    const awaiting = play([
      { type: 'text_delta', text: 'Running tests.' },
      shellCall,
      { type: 'tool_confirmation_request', callId: 'c2', view: { type: 'exec', command: 'npm test', visibleCommand: 'npm test', subCommands: ['npm test'] } },
    ]);
    expect(summary(awaiting.items)).toEqual(['answer:"Running tests." done', 'tools(awaiting_approval) live']);
    expect(awaiting.confirmations.map((pending) => pending.callId)).toEqual(['c2']);

    const running = play(
      [
        { type: 'tool_confirmation_result', callId: 'c2', outcome: { kind: 'proceed_once' }, decidedBy: 'user' },
        { type: 'tool_start', callId: 'c2' },
        { type: 'tool_output', callId: 'c2', chunk: 'line 1\n' },
        { type: 'tool_output', callId: 'c2', chunk: 'line 2\n' },
      ],
      awaiting,
      5000,
    );
    expect(running.confirmations).toEqual([]);
    const group = running.items[1];
    expect(group?.kind === 'tool_group' && group.calls[0]).toMatchObject({ status: 'running', startedAt: 5100, outputTail: 'line 1\nline 2\n' });

    const done = reduceTranscript(running, { type: 'tool_result', callId: 'c2', status: 'completed', view: { summary: 'exit code 0' }, durationMs: 1234 }, 9000);
    const finishedGroup = done.items[1];
    expect(finishedGroup?.done).toBe(true);
    expect(finishedGroup?.kind === 'tool_group' && finishedGroup.calls[0]).toMatchObject({ status: 'completed', durationMs: 1234, result: { summary: 'exit code 0' } });
  });

  it('groups consecutive calls and keeps the group live until every call has ended', () => {
    const state = play([
      readCall,
      shellCall,
      { type: 'tool_result', callId: 'c1', status: 'completed', view: { summary: 'Read 3 lines' }, durationMs: 5 },
    ]);
    expect(summary(state.items)).toEqual(['tools(completed,pending) live']);
    const ended = reduceTranscript(state, { type: 'tool_result', callId: 'c2', status: 'error', view: { summary: 'exit 1' }, durationMs: 9 }, 0);
    expect(summary(ended.items)).toEqual(['tools(completed,error) done']);
  });

  it('cancels open calls and says so when the turn is cancelled', () => {
    const state = play([{ type: 'user_prompt', text: 'go' }, readCall, { type: 'tool_start', callId: 'c1' }, { type: 'done', reason: 'cancelled' }]);
    expect(summary(state.items)).toEqual(['user:"go" done', 'tools(cancelled) done', 'info:"Cancelled." done']);
  });

  it('adds usage to the session tokens and tracks the context window', () => {
    const state = play([
      { type: 'usage', usage: { input: 100, output: 20 }, contextTokens: 120, contextWindow: 1000 },
      { type: 'usage', usage: { input: 150, output: 30 }, contextTokens: 300, contextWindow: 1000 },
    ]);
    expect(state).toMatchObject({ sessionTokens: 300, contextTokens: 300, contextWindow: 1000 });
  });

  it('shows errors, warnings, compression notices and a retry countdown that ends with the next event', () => {
    const state = play([
      { type: 'retry', attempt: 1, delayMs: 2000, reason: 'rate limited' },
      { type: 'compressed', tokensBefore: 9000, tokensAfter: 2000, summary: 's' },
      { type: 'error', message: 'network down', recoverable: true },
      { type: 'error', message: 'bad key', kind: 'auth', recoverable: false },
    ]);
    expect(summary(state.items)).toEqual(['retry done', 'compressed done', 'warning:"network down" done', 'error:"bad key" done']);
    const retry = play([{ type: 'retry', attempt: 2, delayMs: 3000, reason: '429' }]).items[0];
    expect(retry).toMatchObject({ kind: 'retry', done: false, until: 4000 });
  });

  it('keeps finished items identical across updates so their rendering can be cached', () => {
    const before = play([{ type: 'user_prompt', text: 'q' }, { type: 'text_delta', text: 'a' }]);
    const after = reduceTranscript(before, { type: 'text_delta', text: 'b' }, 0);
    expect(after.items[0]).toBe(before.items[0]);
  });
});

describe('closedBlocksLength', () => {
  it('never cuts inside a code fence or before an indented continuation', () => {
    expect(closedBlocksLength('```\na\n\nb\n')).toBe(0);
    expect(closedBlocksLength('- item\n\n  continued\n')).toBe(0);
    expect(closedBlocksLength('para\n\n')).toBe(0);
    expect(closedBlocksLength('para\n\nn')).toBe(6);
  });
});
