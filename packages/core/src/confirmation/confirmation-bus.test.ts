import { describe, expect, it } from 'vitest';
import type { PolicyResult } from '../policy/types.js';
import { ConfirmationBus } from './confirmation-bus.js';
import type { ConfirmationDecision, ToolConfirmationRequest } from './confirmation-types.js';

const policy: PolicyResult = { decision: 'ask_user', reason: '`rm x` is decided by the default approval mode' };
const request = (callId: string, canAlwaysAllow = true): ToolConfirmationRequest => ({
  callId,
  toolName: 'shell',
  kind: 'execute',
  description: 'rm x',
  args: { command: 'rm x' },
  details: { type: 'info', prompt: 'Run rm x?' },
  policy,
  canAlwaysAllow,
});

function interactiveBus() {
  const bus = new ConfirmationBus({ interactive: true, now: () => new Date('2025-01-01T00:00:00Z') });
  const decisions: ConfirmationDecision[] = [];
  const seen: ToolConfirmationRequest[] = [];
  bus.onDecision((decision) => decisions.push(decision));
  bus.onRequest((published) => seen.push(published));
  return { bus, decisions, seen };
}

describe('confirmation bus', () => {
  it('publishes a request, waits for the UI, and records the answer', async () => {
    const { bus, decisions, seen } = interactiveBus();
    const answer = bus.request(request('c1'));
    expect(seen.map((item) => item.callId)).toEqual(['c1']);
    expect(bus.waiting()).toHaveLength(1);
    bus.respond('c1', { outcome: 'proceed_always_session' });
    await expect(answer).resolves.toEqual({ outcome: 'proceed_always_session' });
    expect(decisions).toEqual([
      expect.objectContaining({ callId: 'c1', decidedBy: 'user', response: { outcome: 'proceed_always_session' }, at: '2025-01-01T00:00:00.000Z' }),
    ]);
    expect(bus.waiting()).toHaveLength(0);
  });

  it('records edited arguments and a cancel reason for the model', async () => {
    const { bus, decisions } = interactiveBus();
    const modified = bus.request(request('c1'));
    bus.respond('c1', { outcome: 'modify', args: { command: 'rm -i x' } });
    await expect(modified).resolves.toEqual({ outcome: 'modify', args: { command: 'rm -i x' } });
    const cancelled = bus.request(request('c2'));
    bus.respond('c2', { outcome: 'cancel', reason: 'use git rm instead' });
    await expect(cancelled).resolves.toEqual({ outcome: 'cancel', reason: 'use git rm instead' });
    expect(decisions.map((decision) => [decision.args, decision.reason])).toEqual([
      [{ command: 'rm -i x' }, policy.reason],
      [{ command: 'rm x' }, 'use git rm instead'],
    ]);
  });

  it('refuses answers that do not fit the request', async () => {
    const { bus } = interactiveBus();
    expect(() => bus.respond('nope', { outcome: 'proceed_once' })).toThrow(/No confirmation is waiting for call nope/);
    const answer = bus.request(request('c1', false));
    expect(() => bus.respond('c1', { outcome: 'proceed_always_save' })).toThrow(/not available/);
    bus.respond('c1', { outcome: 'proceed_once' });
    await expect(answer).resolves.toEqual({ outcome: 'proceed_once' });
  });

  it('cancels when the turn is aborted', async () => {
    const { bus, decisions } = interactiveBus();
    const controller = new AbortController();
    const answer = bus.request(request('c1'), controller.signal);
    controller.abort();
    await expect(answer).resolves.toEqual({ outcome: 'cancel', reason: 'cancelled by the user' });
    expect(decisions[0]?.decidedBy).toBe('abort');
  });

  it('answers from the policy alone in headless mode and records policy decisions', async () => {
    const bus = new ConfirmationBus({ interactive: false });
    const decisions: ConfirmationDecision[] = [];
    bus.onDecision((decision) => decisions.push(decision));
    const answer = await bus.request(request('c1'));
    expect(answer.outcome).toBe('cancel');
    bus.recordPolicyDecision({ callId: 'c2', toolName: 'read_file', args: { path: 'a' } }, { decision: 'allow', reason: 'reads' });
    expect(decisions.map((decision) => decision.decidedBy)).toEqual(['headless', 'policy']);
  });
});
