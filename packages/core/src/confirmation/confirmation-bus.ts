import type { PolicyResult } from '../policy/types.js';
import type { ConfirmationDecision, DecidedBy, ToolConfirmationOutcome, ToolConfirmationRequest } from './confirmation-types.js';

type Listener<T> = (value: T) => void;

interface Pending {
  readonly request: ToolConfirmationRequest;
  readonly resolve: (outcome: ToolConfirmationOutcome) => void;
}

/**
 * Carries confirmation requests from core to the UI and answers back. Core calls `request()` and
 * awaits; the UI, subscribed with `onRequest`, answers with `respond(callId, outcome)`. With no
 * UI (headless) requests are cancelled at once. Every decision, including the ones the policy
 * made alone (`recordPolicyDecision`), goes to the `onDecision` listeners for the session record.
 */
export class ConfirmationBus {
  private readonly pending = new Map<string, Pending>();
  private readonly requestListeners = new Set<Listener<ToolConfirmationRequest>>();
  private readonly decisionListeners = new Set<Listener<ConfirmationDecision>>();

  constructor(private readonly options: { readonly interactive: boolean; readonly now?: () => Date }) {}

  /** The UI subscribes here; returns an unsubscribe function. */
  onRequest(listener: Listener<ToolConfirmationRequest>): () => void {
    this.requestListeners.add(listener);
    return () => this.requestListeners.delete(listener);
  }

  /** The session recorder subscribes here; returns an unsubscribe function. */
  onDecision(listener: Listener<ConfirmationDecision>): () => void {
    this.decisionListeners.add(listener);
    return () => this.decisionListeners.delete(listener);
  }

  /** Publishes a request and waits for the answer; an aborted signal cancels it. */
  request(request: ToolConfirmationRequest, signal?: AbortSignal): Promise<ToolConfirmationOutcome> {
    if (this.pending.has(request.callId)) {
      return Promise.reject(new Error(`A confirmation for call ${request.callId} is already waiting`));
    }
    if (!this.options.interactive || this.requestListeners.size === 0) {
      const reason = 'no one can approve tool calls in headless mode; the policy did not allow this call';
      return Promise.resolve(this.settle(request, { outcome: 'cancel', reason }, 'headless'));
    }
    if (signal?.aborted) return Promise.resolve(this.settle(request, { outcome: 'cancel', reason: 'cancelled by the user' }, 'abort'));
    return new Promise((resolve) => {
      const onAbort = (): void => {
        this.pending.delete(request.callId);
        resolve(this.settle(request, { outcome: 'cancel', reason: 'cancelled by the user' }, 'abort'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(request.callId, {
        request,
        resolve: (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      });
      this.requestListeners.forEach((listener) => listener(request));
    });
  }

  /** The UI's answer. Throws for an unknown call id or edited arguments that are not an object. */
  respond(callId: string, outcome: ToolConfirmationOutcome): void {
    const pending = this.pending.get(callId);
    if (!pending) throw new Error(`No confirmation is waiting for call ${callId}`);
    if (outcome.outcome === 'modify' && (typeof outcome.args !== 'object' || outcome.args === null || Array.isArray(outcome.args))) {
      throw new Error('Modified arguments must be a JSON object');
    }
    if (outcome.outcome === 'proceed_always_session' || outcome.outcome === 'proceed_always_save') {
      if (!pending.request.canAlwaysAllow) throw new Error(`"Always allow" is not available for call ${callId}`);
    }
    this.pending.delete(callId);
    pending.resolve(this.settle(pending.request, outcome, 'user'));
  }

  /** Requests still waiting for an answer (a UI that mounts late can show them). */
  waiting(): ToolConfirmationRequest[] {
    return [...this.pending.values()].map((entry) => entry.request);
  }

  /** Records a call the policy allowed or denied without asking. */
  recordPolicyDecision(call: { callId: string; toolName: string; args: Readonly<Record<string, unknown>> }, policy: PolicyResult): void {
    const response: ToolConfirmationOutcome = policy.decision === 'allow' ? { outcome: 'proceed_once' } : { outcome: 'cancel', reason: policy.reason };
    this.emit({ ...call, response, decidedBy: 'policy', policyDecision: policy.decision, reason: policy.reason, at: this.now() });
  }

  private settle(request: ToolConfirmationRequest, response: ToolConfirmationOutcome, decidedBy: DecidedBy): ToolConfirmationOutcome {
    const reason = response.outcome === 'cancel' ? (response.reason ?? 'cancelled') : request.policy.reason;
    this.emit({
      callId: request.callId,
      toolName: request.toolName,
      args: response.outcome === 'modify' ? response.args : request.args,
      response,
      decidedBy,
      policyDecision: request.policy.decision,
      reason,
      at: this.now(),
    });
    return response;
  }

  private emit(decision: ConfirmationDecision): void {
    this.decisionListeners.forEach((listener) => listener(decision));
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}
