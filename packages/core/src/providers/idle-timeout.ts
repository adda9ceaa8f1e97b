/**
 * Ends a stream that stops sending (separate from total time: a long answer that keeps streaming
 * is fine, a silent connection is not).
 */
import { ProviderError } from './provider-error.js';

/** The default silence after which a stream is abandoned. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/**
 * Yields `source`'s items; if none arrives for `idleMs`, aborts `controller` (closing the HTTP
 * stream) and throws an `idle_timeout` ProviderError.
 */
export async function* withIdleTimeout<T>(source: AsyncIterable<T>, idleMs: number, controller: AbortController, provider: string): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), idleMs);
      });
      const next = await Promise.race([iterator.next(), timeout]).finally(() => clearTimeout(timer));
      if (next === 'timeout') {
        controller.abort();
        throw new ProviderError({ kind: 'idle_timeout', provider, message: `${provider}: no data for ${Math.round(idleMs / 1000)} s, the stream was abandoned` });
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Closing the iterator early releases the SDK's connection.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}
