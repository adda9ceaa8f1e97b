/**
 * The part every provider shares: open the SDK's stream under an abort signal linked to the
 * caller's, feed its raw events to the family's parser with an idle timeout, classify failures, and
 * close the connection however the iteration ends.
 */
import { classifyProviderError } from './classify-error.js';
import { DEFAULT_IDLE_TIMEOUT_MS, withIdleTimeout } from './idle-timeout.js';
import type { StreamEvent } from './stream-event.js';

/** A family's stateful stream parser. */
export interface StreamParser<Raw> {
  push(raw: Raw): StreamEvent[];
  end(): StreamEvent[];
}

/** What {@link pumpSdkStream} needs. */
export interface PumpOptions<Raw> {
  provider: string;
  signal: AbortSignal;
  idleTimeoutMs?: number;
  /** Values to scrub from error messages (the API key). */
  secrets: readonly (string | undefined)[];
  open: (signal: AbortSignal) => Promise<AsyncIterable<Raw>>;
  parser: StreamParser<Raw>;
}

/** Streams one SDK response through `parser`, throwing classified ProviderErrors. */
export async function* pumpSdkStream<Raw>(options: PumpOptions<Raw>): AsyncGenerator<StreamEvent> {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  if (options.signal.aborted) controller.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const source = await options.open(controller.signal);
    const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    for await (const raw of withIdleTimeout(source, idleMs, controller, options.provider)) {
      yield* options.parser.push(raw);
    }
    yield* options.parser.end();
  } catch (error) {
    const classified = classifyProviderError(error, options.provider, options.secrets);
    throw options.signal.aborted && classified.kind !== 'cancelled'
      ? classifyProviderError({ name: 'AbortError' }, options.provider)
      : classified;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}
