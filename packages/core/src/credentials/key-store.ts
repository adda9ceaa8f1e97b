/** Where API keys are kept: the OS keychain, or alfred's encrypted file. */
export interface KeyStore {
  /** `keychain` (Secret Service, macOS Keychain, Windows Credential Vault) or `file` (credentials.enc). */
  readonly kind: 'keychain' | 'file';
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  /** Removes a key; resolves false when there was none. */
  delete(name: string): Promise<boolean>;
  /** Names of the stored keys, sorted. */
  list(): Promise<string[]>;
}

/** What can go wrong with a key store, classified where it happens. */
export type CredentialsErrorCode = 'invalid_name' | 'invalid_value' | 'unreadable' | 'wrong_key' | 'write_failed' | 'keychain_failed';

/** A credentials problem; messages never contain a key's value. */
export class CredentialsError extends Error {
  readonly code: CredentialsErrorCode;

  constructor(code: CredentialsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CredentialsError';
    this.code = code;
  }
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Checks a key's name (a provider name such as `anthropic` or `my-vllm`). */
export function assertKeyName(name: string): void {
  if (!NAME.test(name)) {
    throw new CredentialsError('invalid_name', `"${name}" is not a valid key name: use letters, digits, ".", "_" or "-" (at most 64), starting with a letter or digit`);
  }
}

/** Checks a key's value: one line, not empty. */
export function assertKeyValue(value: string): void {
  if (value.length === 0 || /[\r\n]/.test(value) || value.includes('\u0000')) {
    throw new CredentialsError('invalid_value', 'a key must be a single non-empty line');
  }
}

/** How a key is shown to people: never more than its last four characters. */
export function maskKey(value: string): string {
  return value.length <= 8 ? '••••' : `••••${value.slice(-4)}`;
}
