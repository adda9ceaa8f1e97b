import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../agent/events.js';
import { formatSessionStats } from './format-stats.js';
import { costOf, DEFAULT_PRICES, lookupPrice, mergePrices } from './price-table.js';
import { createSessionStats } from './session-stats.js';

/** A clock the test moves by hand, so durations are exact. */
function manualClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const call = (id: string, name: string, kind = 'read') => ({ id, name, args: {}, description: name, kind });

describe('createSessionStats', () => {
  it('folds a session with tools, an approval, a retry and two models into /stats figures', () => {
    const clock = manualClock();
    const stats = createSessionStats({ now: clock.now });
    const steps: [number, AgentEvent][] = [
      [0, { type: 'turn_start', turn: 1, provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' }],
      [50, { type: 'retry', attempt: 1, delayMs: 1000, reason: 'rate limited' }],
      [250, { type: 'text_delta', text: 'Let me look.' }],
      [10, { type: 'text_delta', text: ' More.' }],
      [40, { type: 'usage', usage: { input: 10_000, output: 500, cachedRead: 8_000, cacheWrite: 1_000 }, contextTokens: 0, contextWindow: 200_000 }],
      [0, { type: 'tool_call', call: call('c1', 'read_file') }],
      [0, { type: 'tool_call', call: call('c2', 'shell', 'execute') }],
      [0, { type: 'tool_result', callId: 'c1', status: 'completed', view: { summary: 'ok' }, durationMs: 12 }],
      [0, { type: 'tool_confirmation_request', callId: 'c2', view: { type: 'info', text: 'run' } }],
      [0, { type: 'tool_confirmation_result', callId: 'c2', outcome: { kind: 'modify', args: {} }, decidedBy: 'user' }],
      [0, { type: 'tool_result', callId: 'c2', status: 'error', view: { summary: 'exit 1' }, durationMs: 30 }],
      [5, { type: 'turn_start', turn: 2, provider: 'openai', model: 'my-local-llama' }],
      [80, { type: 'thinking_delta', text: 'hmm' }],
      [20, { type: 'usage', usage: { input: 3_000, output: 700, thinking: 200 }, contextTokens: 0, contextWindow: 32_000 }],
      [0, { type: 'done', reason: 'stop' }],
    ];
    for (const [advance, event] of steps) {
      clock.advance(advance);
      stats.observe(event);
    }
    const snapshot = stats.snapshot();

    expect(snapshot).toMatchObject({ prompts: 1, requests: 2, retries: 1, compressions: 0 });
    expect(snapshot.tokens).toEqual({ input: 13_000, output: 1_200, cachedRead: 8_000, cacheWrite: 1_000, thinking: 200 });
    const [claude, local] = snapshot.models;
    expect(claude).toMatchObject({ provider: 'anthropic', requests: 1, timeToFirstToken: { count: 1, totalMs: 300 }, requestDuration: { totalMs: 350 } });
    expect(local).toMatchObject({ model: 'my-local-llama', cost: 'unknown', timeToFirstToken: { totalMs: 80 } });
    // 1,000 uncached × $3 + 8,000 cached × $0.30 + 1,000 written × $3.75 + 500 out × $15, per million.
    expect(claude?.cost).toBeCloseTo((1_000 * 3 + 8_000 * 0.3 + 1_000 * 3.75 + 500 * 15) / 1e6, 10);
    expect(snapshot.cost).toEqual({ estimatedUsd: claude?.cost, complete: false, unknownModels: ['my-local-llama'] });
    expect(snapshot.tools).toEqual([
      { name: 'read_file', calls: 1, completed: 1, error: 0, cancelled: 0, duration: { count: 1, totalMs: 12, minMs: 12, maxMs: 12 } },
      { name: 'shell', calls: 1, completed: 0, error: 1, cancelled: 0, duration: { count: 1, totalMs: 30, minMs: 30, maxMs: 30 } },
    ]);
    expect(snapshot.approvals).toEqual({ asked: 1, approved: 1, modified: 1, declined: 0, unanswered: 0 });
  });

  it('counts a failed request, errors by class and an approval left unanswered by a cancel', () => {
    const stats = createSessionStats({ now: manualClock().now });
    const events: AgentEvent[] = [
      { type: 'turn_start', turn: 1, provider: 'openai', model: 'gpt-4o' },
      { type: 'error', message: 'stream hiccup', kind: 'network', recoverable: true },
      { type: 'error', message: 'quota exceeded', kind: 'quota', recoverable: false },
      { type: 'done', reason: 'error' },
      { type: 'turn_start', turn: 1, provider: 'openai', model: 'gpt-4o' },
      { type: 'usage', usage: { input: 100, output: 10 }, contextTokens: 0, contextWindow: 128_000 },
      { type: 'compressed', tokensBefore: 1000, tokensAfter: 100, summary: 's' },
      { type: 'tool_call', call: call('x', 'write_file', 'edit') },
      { type: 'tool_confirmation_request', callId: 'x', view: { type: 'info', text: 'write' } },
      { type: 'tool_result', callId: 'x', status: 'cancelled', view: { summary: 'Cancelled' }, durationMs: 0 },
      { type: 'done', reason: 'cancelled' },
    ];
    for (const event of events) stats.observe(event);
    const snapshot = stats.snapshot();
    expect(snapshot.models[0]).toMatchObject({ requests: 2, failedRequests: 1 });
    expect(snapshot.errors).toEqual({ network: 1, quota: 1 });
    expect(snapshot).toMatchObject({ prompts: 2, compressions: 1 });
    expect(snapshot.approvals).toEqual({ asked: 1, approved: 0, modified: 0, declined: 0, unanswered: 1 });
    expect(snapshot.cost.complete).toBe(true);
  });

  it('prices a model from settings that the table does not know, and lets settings change a known price', () => {
    const stats = createSessionStats({ prices: { 'my-local-llama': { input: 0, output: 0 }, 'gpt-4o': { output: 20 } } });
    stats.observe({ type: 'turn_start', turn: 1, provider: 'openai', model: 'my-local-llama' });
    stats.observe({ type: 'usage', usage: { input: 1e6, output: 1e6 }, contextTokens: 0, contextWindow: 1 });
    stats.observe({ type: 'turn_start', turn: 2, provider: 'openai', model: 'gpt-4o-2024-08-06' });
    stats.observe({ type: 'usage', usage: { input: 1e6, output: 1e6 }, contextTokens: 0, contextWindow: 1 });
    const snapshot = stats.snapshot();
    expect(snapshot.models.map((model) => model.cost)).toEqual([0, 2.5 + 20]);
    expect(snapshot.cost).toEqual({ estimatedUsd: 22.5, complete: true, unknownModels: [] });
  });
});

describe('price table', () => {
  it('resolves dated snapshots and router prefixes, but not newer models of a family', () => {
    expect(lookupPrice(DEFAULT_PRICES, 'claude-sonnet-4-5-20250929')).toBe(DEFAULT_PRICES['claude-sonnet-4-5']);
    expect(lookupPrice(DEFAULT_PRICES, 'openai/gpt-4o-mini')).toBe(DEFAULT_PRICES['gpt-4o-mini']);
    expect(lookupPrice(DEFAULT_PRICES, 'gpt-4o-2024-08-06')).toBe(DEFAULT_PRICES['gpt-4o']);
    expect(lookupPrice(DEFAULT_PRICES, 'claude-opus-4-9')).toBeUndefined();
    expect(lookupPrice(DEFAULT_PRICES, 'llama3.1:8b')).toBeUndefined();
  });

  it('ignores an override for a new model that lacks input or output prices', () => {
    const table = mergePrices(DEFAULT_PRICES, { 'half-priced': { input: 1 } });
    expect(lookupPrice(table, 'half-priced')).toBeUndefined();
  });

  it('bills thinking apart only when the price says so', () => {
    const tokens = { input: 0, output: 1e6, cachedRead: 0, cacheWrite: 0, thinking: 4e5 };
    expect(costOf(tokens, { input: 1, output: 10 })).toBe(10);
    expect(costOf(tokens, { input: 1, output: 10, thinking: 5 })).toBe(6 + 2);
  });
});

describe('formatSessionStats', () => {
  it('shows what /stats promises: requests, tokens, first-token time, tools, approvals and cost', () => {
    const stats = createSessionStats({ now: manualClock().now });
    stats.observe({ type: 'turn_start', turn: 1, provider: 'gemini', model: 'gemini-2.5-pro' });
    stats.observe({ type: 'usage', usage: { input: 2_000_000, output: 100_000, cachedRead: 1_000_000 }, contextTokens: 0, contextWindow: 1 });
    stats.observe({ type: 'tool_call', call: call('a', 'grep', 'search') });
    stats.observe({ type: 'tool_result', callId: 'a', status: 'completed', view: { summary: '' }, durationMs: 4 });
    stats.observe({ type: 'done', reason: 'stop' });
    expect(formatSessionStats(stats.snapshot())).toEqual([
      'Session: 1 prompt · 1 request · 0 retries · 0 compressions',
      'Tokens: 2,000,000 in (1,000,000 cached) · 100,000 out',
      'Cost: ≈ $2.56 (estimate from list prices)',
      'Models',
      '  gemini/gemini-2.5-pro: 1 request · 2,000,000 in (1,000,000 cached) · 100,000 out · first token 0 ms · $2.56',
      'Tools',
      '  grep: 1 call (1 ok) · 4 ms average',
    ]);
  });
});
