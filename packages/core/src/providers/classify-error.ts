/**
 * Turns whatever an SDK or fetch threw into a classified ProviderError. All three SDKs expose
 * `status`, `headers` and a message; network failures surface as connection errors or a
 * `fetch failed` TypeError with a system error `cause`.
 */
import { isProviderError, ProviderError, type ProviderErrorKind } from './provider-error.js';
import { redactSecrets } from './redact-secrets.js';

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  headers?: Headers | Record<string, string | null | undefined>;
  error?: unknown;
  cause?: unknown;
}

function header(headers: ErrorLike['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | null | undefined>;
  return record[name] ?? record[name.toLowerCase()] ?? undefined;
}

/**
 * Milliseconds to wait from `Retry-After` (seconds or an HTTP date) or `retry-after-ms`.
 * `now` is injectable so date handling is testable.
 */
export function parseRetryAfter(headers: ErrorLike['headers'], now = Date.now()): number | undefined {
  const ms = header(headers, 'retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = header(headers, 'retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Gemini puts its retry hint in the body: `"retryDelay": "30s"` (google.rpc.RetryInfo). */
function retryDelayFromBody(text: string): number | undefined {
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(text);
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'CERT_HAS_EXPIRED', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']);
const CONTEXT_OVERFLOW = /context.{0,20}(length|window|limit)|too long|maximum context|exceeds the maximum|too many tokens|input token count|prompt is too long|context_length_exceeded/i;
const QUOTA = /insufficient_quota|quota.{0,40}(exhausted|exceeded).{0,80}(plan|billing|per ?day)|PerDay|billing|credit balance|exceeded your current quota/i;

function networkCode(error: ErrorLike): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as ErrorLike).code;
    if (code && NETWORK_CODES.has(code)) return code;
    current = (current as ErrorLike).cause;
  }
  return undefined;
}

/**
 * Classifies an error the API sent inside an open stream (OpenAI `error` events and
 * `response.failed`, compatible servers' error chunks): there is no HTTP status, only a code and type.
 */
export function streamedErrorKind(code: string | number | null | undefined, type: string | undefined): ProviderErrorKind {
  const text = `${String(code ?? '')} ${type ?? ''}`;
  if (/insufficient_quota|quota/.test(text)) return 'quota';
  if (/rate_limit/.test(text)) return 'rate_limit';
  if (/context_length|too_long/.test(text)) return 'context_overflow';
  if (/server_error|overloaded|internal|unavailable/.test(text)) return 'server';
  if (/auth|api_key/.test(text)) return 'auth';
  return 'bad_request';
}

/** The `{code, type}` of an error object the SDK raised from a streamed error event, if that is what it is. */
function streamedError(error: ErrorLike): { code?: string | null; type?: string } | undefined {
  const outer = error.error;
  if (!outer || typeof outer !== 'object') return undefined;
  // Anthropic wraps it: `{type: 'error', error: {type: 'overloaded_error', …}}`.
  const inner = (outer as { error?: unknown }).error;
  const body = inner && typeof inner === 'object' ? inner : outer;
  const { code, type } = body as { code?: unknown; type?: unknown };
  if (typeof type !== 'string' && typeof code !== 'string') return undefined;
  return { ...(typeof code === 'string' ? { code } : {}), ...(typeof type === 'string' ? { type } : {}) };
}

function kindForStatus(status: number, text: string): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return QUOTA.test(text) ? 'quota' : 'rate_limit';
  if (status === 413 || (status === 400 && CONTEXT_OVERFLOW.test(text))) return 'context_overflow';
  if (status >= 500) return 'server';
  if (status === 408 || status === 409) return 'server';
  return 'bad_request';
}

function bodyText(error: ErrorLike): string {
  const body = error.error === undefined ? '' : JSON.stringify(error.error);
  return `${error.message ?? ''} ${body}`;
}

/** Classifies `error` (from an SDK, fetch or our own code) for the provider named `provider`. */
export function classifyProviderError(error: unknown, provider: string, secrets: readonly (string | undefined)[] = []): ProviderError {
  if (isProviderError(error)) return error;
  const like = (error ?? {}) as ErrorLike;
  const raw = redactSecrets(bodyText(like), secrets).trim();
  const name = like.name ?? '';
  if (name === 'AbortError' || name === 'APIUserAbortError' || /aborted|abort/i.test(name)) {
    return new ProviderError({ kind: 'cancelled', provider, message: `${provider}: request cancelled`, cause: error });
  }
  const status = typeof like.status === 'number' && like.status > 0 ? like.status : undefined;
  if (status !== undefined) {
    const kind = kindForStatus(status, raw);
    const retryAfterMs = parseRetryAfter(like.headers) ?? retryDelayFromBody(raw);
    const message = `${provider} ${status}: ${redactSecrets(humanMessage(like), secrets) || raw || 'no message'}${HINTS[kind] ? ` ${HINTS[kind](provider)}` : ''}`;
    return new ProviderError({ kind, status, provider, message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  return classifyWithoutStatus(error, like, provider, raw);
}

/** What to do about each kind of failure, said once at the end of the message. */
const HINTS: Partial<Record<ProviderErrorKind, (provider: string) => string>> = {
  auth: (provider) => `Check the API key (the environment variable, \`alfred auth set ${provider}\`, or /key).`,
  quota: () => 'The quota of this key or account is used up.',
  not_found: () => 'Check the model name (-m, /model).',
  context_overflow: () => 'The conversation is too long for this model: /compress, or start a new session.',
};

/** The provider's own sentence from an SDK error body, without the JSON around it. */
function humanMessage(error: ErrorLike): string {
  const body = error.error as { error?: { message?: unknown; type?: unknown }; message?: unknown } | undefined;
  const nested = body?.error?.message ?? body?.message;
  if (typeof nested === 'string' && nested.trim() !== '') {
    const type = typeof body?.error?.type === 'string' ? `${body.error.type}: ` : '';
    return `${type}${nested.trim()}`;
  }
  return (error.message ?? '').replace(/^\d{3}\s+/, '').replace(/\s*\{[\s\S]*\}\s*$/, '').trim();
}

/** Errors that never got an HTTP status: streamed error events, network failures, anything else. */
function classifyWithoutStatus(error: unknown, like: ErrorLike, provider: string, raw: string): ProviderError {
  const name = like.name ?? '';
  const code = networkCode(like);
  const streamed = code ? undefined : streamedError(like);
  if (streamed) {
    return new ProviderError({ kind: streamedErrorKind(streamed.code, streamed.type), provider, message: `${provider}: ${raw || 'stream error'}`, cause: error });
  }
  if (code || name === 'APIConnectionError' || name === 'APIConnectionTimeoutError' || /fetch failed|socket|network|terminated/i.test(raw)) {
    return new ProviderError({ kind: 'network', provider, message: `${provider}: network error${code ? ` (${code})` : ''}: ${raw}`, cause: error });
  }
  return new ProviderError({ kind: 'invalid_response', provider, message: `${provider}: ${raw || String(error)}`, retryable: false });
}
