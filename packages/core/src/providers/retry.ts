/**
 * Retries for provider streams: exponential backoff with jitter, honouring the provider's own
 * `Retry-After`, capped, with sleeps that end at once on cancel. A stream is only retried before it
 * produced anything the user has seen, so output is never duplicated.
 */
import { ProviderError } from './provider-error.js';
import type { StreamEvent } from './stream-event.js';

/** How hard to retry. */
export interface RetryPolicy {
  /** Attempts in total, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  /** Upper bound of the computed backoff. */
  maxDelayMs: number;
  /** Never sleep longer than this; a provider asking for more gets a clear error instead. */
  maxWaitMs: number;
  /** Fraction of the delay randomised (0.2 → ±20%). */
  jitter: number;
  /** Injectable randomness for tests. */
  random?: () => number;
}

/** The defaults: 5 attempts, 1 s doubling to 30 s, at most 60 s asked by a Retry-After. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000, maxWaitMs: 60_000, jitter: 0.2 };

function formatWait(ms: number): string {
  return ms >= 60_000 ? `${Math.ceil(ms / 60_000)} min` : `${Math.ceil(ms / 1000)} s`;
}

/**
 * The delay before attempt `attempt + 1`, or an error to throw when the wait would pass the cap.
 * The provider's hint wins over the computed backoff.
 */
export function retryDelay(error: ProviderError, attempt: number, policy: RetryPolicy): number | ProviderError {
  if (error.retryAfterMs !== undefined) {
    if (error.retryAfterMs > policy.maxWaitMs) {
      return new ProviderError({
        kind: error.kind,
        ...(error.status !== undefined ? { status: error.status } : {}),
        ...(error.provider !== undefined ? { provider: error.provider } : {}),
        retryAfterMs: error.retryAfterMs,
        retryable: false,
        message: `${error.message} (the provider asks to retry after ${formatWait(error.retryAfterMs)}, longer than alfred waits)`,
      });
    }
    return error.retryAfterMs;
  }
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const random = policy.random ?? Math.random;
  const jittered = backoff * (1 + policy.jitter * (2 * random() - 1));
  return Math.max(0, Math.min(policy.maxWaitMs, Math.round(jittered)));
}

/** Resolves after `ms`, or rejects with a `cancelled` ProviderError as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  const cancelled = (): ProviderError => new ProviderError({ kind: 'cancelled', message: 'cancelled while waiting to retry' });
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Events that do not show the user anything, so a retry after them duplicates nothing. */
const INVISIBLE = new Set<StreamEvent['type']>(['usage', 'retry']);

/**
 * Runs `attempt` and retries it on retryable errors raised before any visible event, yielding a
 * `retry` event before each wait. The last error is thrown.
 */
export async function* streamWithRetry(
  attempt: (signal: AbortSignal) => AsyncIterable<StreamEvent>,
  signal: AbortSignal,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  classify: (error: unknown) => ProviderError = (error) => error as ProviderError,
): AsyncGenerator<StreamEvent> {
  for (let number = 1; ; number++) {
    let visible = false;
    try {
      for await (const event of attempt(signal)) {
        if (!INVISIBLE.has(event.type)) visible = true;
        yield event;
      }
      return;
    } catch (thrown) {
      const error = classify(thrown);
      if (signal.aborted || visible || !error.retryable || number >= policy.maxAttempts) throw error;
      const delay = retryDelay(error, number, policy);
      if (delay instanceof ProviderError) throw delay;
      yield { type: 'retry', attempt: number + 1, maxAttempts: policy.maxAttempts, delayMs: delay, error };
      await abortableSleep(delay, signal);
    }
  }
}
