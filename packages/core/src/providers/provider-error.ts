/**
 * The one error type the provider layer throws or reports. Classified where it is created, so the
 * retry policy, the agent loop and the UI all read the same `kind`.
 */

/** What went wrong, in terms a retry policy and a user can act on. */
export type ProviderErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'quota'
  | 'context_overflow'
  | 'bad_request'
  | 'not_found'
  | 'server'
  | 'network'
  | 'idle_timeout'
  | 'cancelled'
  | 'invalid_response';

/** Constructor options of {@link ProviderError}. */
export interface ProviderErrorOptions {
  kind: ProviderErrorKind;
  message: string;
  status?: number;
  /** How long the provider asked us to wait, when it said. */
  retryAfterMs?: number;
  /** Defaults by kind: rate_limit, server, network and idle_timeout are retryable. */
  retryable?: boolean;
  /** The provider instance name, for messages. */
  provider?: string;
  cause?: unknown;
}

const RETRYABLE_KINDS = new Set<ProviderErrorKind>(['rate_limit', 'server', 'network', 'idle_timeout']);

/** A classified provider failure. Messages never contain API keys (see `redactSecrets`). */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly retryable: boolean;
  readonly provider: string | undefined;

  constructor(options: ProviderErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.retryable = options.retryable ?? RETRYABLE_KINDS.has(options.kind);
    this.provider = options.provider;
  }
}

/** Whether `error` is a {@link ProviderError} (also across module copies). */
export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError || (error instanceof Error && error.name === 'ProviderError' && 'kind' in error);
}

/** The error for a provider with no API key from any source. */
export function missingKeyError(provider: string, envVariable: string): ProviderError {
  return new ProviderError({
    kind: 'auth',
    provider,
    retryable: false,
    message: `${provider}: no API key. Set ${envVariable}, add providers.${provider}.apiKey or apiKeyFile to settings, or use /key.`,
  });
}
