/**
 * The one secret redactor used by telemetry, the debug log, `/bug` reports and (later) session
 * files. It removes secrets it was told about (keys alfred resolved, values of secret-named
 * environment variables) and anything shaped like a credential even when the exact value is
 * unknown: provider keys, bearer and Authorization headers, `FOO_TOKEN=…` assignments, JWTs and
 * private key blocks.
 */

/** What every redacted value becomes. */
export const REDACTED = '[redacted]';

/** Values shorter than this are never treated as secrets: they would redact ordinary words. */
const MIN_SECRET_LENGTH = 6;

/** Credentials recognised by shape alone; each match is replaced whole. */
const SHAPED_SECRETS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bAIza[0-9A-Za-z_-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
];

/** `Bearer <token>` anywhere, keeping the word so the reader knows what was there. */
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{6,}/gi;

/** Header-like `Authorization: <anything up to the end of the value>`. */
const AUTH_HEADER = /\b((?:proxy-)?authorization|x-api-key|api-key|x-goog-api-key|cookie)(["']?\s*[:=]\s*["']?)([^"'\r\n,}]+)/gi;

/** `OPENAI_API_KEY=…`, `"apiKey": "…"`, `password: …`: an assignment to a secret-named key. */
const SECRET_ASSIGNMENT =
  /\b([A-Za-z0-9_]*(?:_key|_token|_secret|_password|apikey|accesstoken|secret|password))(["']?\s*[:=]\s*["']?)([^\s"',}]{4,})/gi;

/** The last word of a name, split on `_`, `-`, `.` and camelCase: `OPENAI_API_KEY` → `key`. */
function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '');
  return (words.at(-1) ?? '').toLowerCase();
}

const SECRET_WORDS = new Set(['key', 'apikey', 'token', 'secret', 'password', 'passwd', 'authorization', 'cookie', 'credential', 'credentials', 'pat']);

/**
 * True for names that hold secrets: `*_KEY`, `*_TOKEN`, `*_SECRET`, `*_PASSWORD`, `apiKey`,
 * `authorization`… Judged by the last word only, so `keyFile` or `tokenLimit` are not secrets.
 */
export function isSecretName(name: string): boolean {
  return SECRET_WORDS.has(lastWord(name));
}

/** Values of secret-named variables in `env`, long enough to be real secrets. */
export function secretsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && value.length >= MIN_SECRET_LENGTH && isSecretName(name))
    .map(([, value]) => value as string);
}

/** A configured redactor. */
export interface Redactor {
  /** The text with every known and every shaped secret replaced by `[redacted]`. */
  redact(text: string): string;
  /**
   * A deep copy of a plain value (settings, attributes) with strings redacted and every value under
   * a secret-named key replaced whole, whatever its shape.
   */
  redactValue<T>(value: T): T;
  /** Teaches the redactor one more exact secret (a key typed with `/key`). */
  addSecret(secret: string | undefined): void;
}

/** Where a redactor learns exact secrets. */
export interface RedactorOptions {
  /** Exact values to remove: provider keys alfred resolved, tokens it holds. */
  secrets?: readonly (string | undefined)[];
  /** An environment whose secret-named variables are removed too (usually `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Builds a redactor from the exact secrets it should know, plus the shapes it always knows. */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const known = new Set<string>();
  let literal: RegExp | undefined;
  const addSecret = (secret: string | undefined): void => {
    if (!secret || secret.length < MIN_SECRET_LENGTH || known.has(secret)) return;
    known.add(secret);
    // Longest first, so a secret that contains another is removed whole.
    const alternatives = [...known].sort((a, b) => b.length - a.length).map(escapeRegExp);
    literal = new RegExp(alternatives.join('|'), 'g');
  };
  for (const secret of options.secrets ?? []) addSecret(secret);
  for (const secret of secretsFromEnv(options.env ?? {})) addSecret(secret);

  const redact = (text: string): string => {
    let out = literal ? text.replace(literal, REDACTED) : text;
    for (const pattern of SHAPED_SECRETS) out = out.replace(pattern, REDACTED);
    out = out.replace(BEARER, `$1${REDACTED}`);
    out = out.replace(AUTH_HEADER, (_match, name: string, separator: string) => `${name}${separator}${REDACTED}`);
    out = out.replace(SECRET_ASSIGNMENT, (match, name: string, separator: string, value: string) =>
      value === REDACTED ? match : `${name}${separator}${REDACTED}`,
    );
    return out;
  };

  const redactValue = <T>(value: T): T => redactDeep(value, redact, new WeakSet()) as T;
  return { redact, redactValue, addSecret };
}

function redactDeep(value: unknown, redact: (text: string) => string, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const hidden = isSecretName(key) && item !== null && item !== undefined && item !== '' && typeof item !== 'boolean';
    out[key] = hidden ? REDACTED : redactDeep(item, redact, seen);
  }
  return out;
}
