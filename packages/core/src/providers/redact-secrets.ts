/**
 * Removes API keys from text before it reaches an error message, a log or a session file.
 */

/** Key shapes of the providers alfred talks to, caught even when the exact key is unknown. */
const KEY_PATTERNS = [/sk-ant-[A-Za-z0-9_-]{8,}/g, /sk-[A-Za-z0-9_-]{16,}/g, /AIza[0-9A-Za-z_-]{20,}/g];

/** Replaces every known secret and anything shaped like a provider key with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would redact ordinary words; real keys are long.
    if (secret && secret.length >= 6) out = out.split(secret).join('[redacted]');
  }
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, '[redacted]');
  return out;
}
