import type { AgentEvent, AgentEvents, ToolCallStatus } from '@alfred/core';
import type { HistoryItem, NewHistoryItem, ToolCallView, TranscriptState } from './history-items.js';
import { closedBlocksLength } from './markdown-blocks.js';

/** What the UI itself adds to the transcript, beside the agent's events. */
export type UiAction =
  | { type: 'user_prompt'; text: string; shell?: boolean }
  | { type: 'notice'; level: 'info' | 'warning' | 'error'; text: string }
  | { type: 'clear' }
  | { type: 'toggle_thinking' }
  /** The `send()` iterable ended, with or without a `done` event. */
  | { type: 'turn_end' };

export type TranscriptAction = AgentEvent | UiAction;

/** How much live tool output is kept: the box shows a tail, the full text lives in the session. */
const OUTPUT_TAIL_CHARS = 4096;
const TERMINAL: ReadonlySet<ToolCallStatus> = new Set(['completed', 'error', 'cancelled']);

function push(state: TranscriptState, item: NewHistoryItem): TranscriptState {
  return { ...state, items: [...state.items, { ...item, id: state.nextId } as HistoryItem], nextId: state.nextId + 1 };
}

/** Marks a streaming answer, thinking block or retry notice finished; tool groups finish by status. */
function finishText(state: TranscriptState): TranscriptState {
  const last = state.items.at(-1);
  if (last === undefined || last.done || last.kind === 'tool_group') return state;
  return { ...state, items: [...state.items.slice(0, -1), { ...last, done: true }] };
}

function appendAnswer(state: TranscriptState, text: string): TranscriptState {
  const last = state.items.at(-1);
  const live = last?.kind === 'answer' && !last.done ? last : undefined;
  const base = live ? { ...state, items: state.items.slice(0, -1) } : finishText(state);
  const current = (live?.text ?? '') + text;
  const continued = live?.continued ?? false;
  // A cut needs a blank line and the first character of the block after it.
  const mayCut = text.includes('\n') || (live?.text.endsWith('\n') ?? false);
  const cut = mayCut ? closedBlocksLength(current) : 0;
  if (cut > 0) {
    const closed = push(base, { kind: 'answer', done: true, text: current.slice(0, cut).replace(/\n+$/, ''), continued });
    return push(closed, { kind: 'answer', done: false, text: current.slice(cut), continued: true });
  }
  if (live) return { ...base, items: [...base.items, { ...live, text: current }] };
  return push(base, { kind: 'answer', done: false, text: current, continued: false });
}

function appendThinking(state: TranscriptState, text: string): TranscriptState {
  const last = state.items.at(-1);
  if (last?.kind === 'thinking' && !last.done) {
    return { ...state, items: [...state.items.slice(0, -1), { ...last, text: last.text + text }] };
  }
  return push(finishText(state), { kind: 'thinking', done: false, text });
}

/** Applies `change` to the call with `callId` wherever its group is, and settles the group. */
function updateCall(state: TranscriptState, callId: string, change: (call: ToolCallView) => ToolCallView): TranscriptState {
  for (let index = state.items.length - 1; index >= 0; index--) {
    const item = state.items[index];
    if (item?.kind !== 'tool_group') continue;
    const position = item.calls.findIndex((call) => call.id === callId);
    if (position === -1) continue;
    const calls = item.calls.map((call, at) => (at === position ? change(call) : call));
    const done = calls.every((call) => TERMINAL.has(call.status));
    const items = [...state.items];
    items[index] = { ...item, calls, done };
    return { ...state, items };
  }
  return state;
}

function addToolCall(state: TranscriptState, event: AgentEvents['tool_call']): TranscriptState {
  const { call } = event;
  const view: ToolCallView = { ...call, status: 'pending', outputTail: '' };
  const next = finishText(state);
  const last = next.items.at(-1);
  if (last?.kind === 'tool_group' && !last.done) {
    return { ...next, items: [...next.items.slice(0, -1), { ...last, calls: [...last.calls, view] }] };
  }
  return push(next, { kind: 'tool_group', done: false, calls: [view] });
}

function findCall(state: TranscriptState, callId: string): ToolCallView | undefined {
  for (const item of state.items) {
    if (item.kind !== 'tool_group') continue;
    const call = item.calls.find((candidate) => candidate.id === callId);
    if (call !== undefined) return call;
  }
  return undefined;
}

function endTurn(state: TranscriptState, cancelled: boolean): TranscriptState {
  let next = finishText(state);
  const items = next.items.map((item): HistoryItem => {
    if (item.kind !== 'tool_group' || item.done) return item;
    const calls = item.calls.map((call) => (TERMINAL.has(call.status) ? call : { ...call, status: 'cancelled' as const }));
    return { ...item, calls, done: true };
  });
  next = { ...next, items, confirmations: [] };
  delete next.turnStartedAt;
  return cancelled ? push(next, { kind: 'info', done: true, text: 'Cancelled.' }) : next;
}

function reduceToolEvent(state: TranscriptState, event: AgentEvent, now: number): TranscriptState {
  switch (event.type) {
    case 'tool_call':
      return addToolCall(state, event);
    case 'tool_confirmation_request': {
      const updated = updateCall(state, event.callId, (call) => ({ ...call, status: 'awaiting_approval', confirmation: event.view }));
      const call = findCall(updated, event.callId);
      const pending = { callId: event.callId, view: event.view, ...(call ? { call } : {}) };
      return { ...updated, confirmations: [...updated.confirmations, pending] };
    }
    case 'tool_confirmation_result': {
      const updated = updateCall(state, event.callId, (call) => ({
        ...call,
        outcome: event.outcome,
        status: call.status === 'awaiting_approval' ? 'pending' : call.status,
      }));
      return { ...updated, confirmations: updated.confirmations.filter((pending) => pending.callId !== event.callId) };
    }
    case 'tool_start':
      return updateCall(state, event.callId, (call) => ({ ...call, status: 'running', startedAt: now }));
    case 'tool_output':
      return updateCall(state, event.callId, (call) => ({ ...call, outputTail: (call.outputTail + event.chunk).slice(-OUTPUT_TAIL_CHARS) }));
    case 'tool_result':
      return updateCall(state, event.callId, (call) => ({ ...call, status: event.status, result: event.view, durationMs: event.durationMs }));
    default:
      return state;
  }
}

/** Events that only add a line to the transcript. */
function reduceNoticeEvent(state: TranscriptState, event: AgentEvent, now: number): TranscriptState {
  const finished = finishText(state);
  switch (event.type) {
    case 'compressed':
      return push(finished, { kind: 'compressed', done: true, tokensBefore: event.tokensBefore, tokensAfter: event.tokensAfter });
    case 'retry':
      return push(finished, { kind: 'retry', done: false, attempt: event.attempt, reason: event.reason, until: now + event.delayMs });
    case 'loop_detected':
      return push(finished, { kind: 'warning', done: true, text: `Stopped a loop (${event.kind.replaceAll('_', ' ')}): ${event.detail}` });
    case 'max_turns':
      return push(finished, { kind: 'warning', done: true, text: `Reached the limit of ${event.limit} turns for this prompt.` });
    case 'error':
      return push(finished, { kind: event.recoverable ? 'warning' : 'error', done: true, text: event.message });
    default:
      return state;
  }
}

function reduceUiAction(state: TranscriptState, action: UiAction, now: number): TranscriptState {
  switch (action.type) {
    case 'user_prompt':
      return { ...push(finishText(state), { kind: 'user', done: true, text: action.text, shell: action.shell ?? false }), turnStartedAt: now };
    case 'notice':
      return push(finishText(state), { kind: action.level, done: true, text: action.text });
    case 'clear':
      return { ...state, items: [], confirmations: [] };
    case 'toggle_thinking':
      return { ...state, thinkingExpanded: !state.thinkingExpanded };
    case 'turn_end':
      return state.turnStartedAt === undefined ? state : endTurn(state, false);
  }
}

const UI_ACTIONS: ReadonlySet<string> = new Set<UiAction['type']>(['user_prompt', 'notice', 'clear', 'toggle_thinking', 'turn_end']);

function isUiAction(action: TranscriptAction): action is UiAction {
  return UI_ACTIONS.has(action.type);
}

/**
 * The transcript as a pure function of what happened. `now` is the clock in milliseconds, passed
 * in so the reducer stays deterministic (tool start times and retry deadlines use it).
 */
export function reduceTranscript(state: TranscriptState, action: TranscriptAction, now: number): TranscriptState {
  // A retry notice counts down only until the next thing happens.
  const settled = action.type !== 'retry' && state.items.at(-1)?.kind === 'retry' ? finishText(state) : state;
  if (isUiAction(action)) return reduceUiAction(settled, action, now);
  switch (action.type) {
    case 'turn_start':
      return settled.turnStartedAt === undefined ? { ...settled, turnStartedAt: now } : settled;
    case 'text_delta':
      return action.text === '' ? settled : appendAnswer(settled, action.text);
    case 'thinking_delta':
      return action.text === '' ? settled : appendThinking(settled, action.text);
    case 'usage':
      return {
        ...settled,
        sessionTokens: settled.sessionTokens + action.usage.input + action.usage.output,
        contextTokens: action.contextTokens,
        contextWindow: action.contextWindow,
      };
    case 'done':
      return endTurn(settled, action.reason === 'cancelled');
    case 'compressed':
    case 'retry':
    case 'loop_detected':
    case 'max_turns':
    case 'error':
      return reduceNoticeEvent(settled, action, now);
    default:
      return reduceToolEvent(settled, action, now);
  }
}
