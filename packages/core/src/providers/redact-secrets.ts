import { createRedactor } from '../redaction/redactor.js';

/**
 * Removes API keys from text before it reaches an error message, a log or a session file: the
 * known secrets and anything shaped like a key, by the one redactor alfred uses everywhere.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  return createRedactor({ secrets }).redact(text);
}
