import path from 'node:path';
import type { AlfredPaths } from '../workspace/alfred-home.js';
import { CREDENTIALS_PASSPHRASE_ENV, EncryptedFileKeyStore } from './encrypted-file-key-store.js';
import { probeKeychain, type KeytarModule } from './keychain-key-store.js';
import type { KeyStore } from './key-store.js';

/** Forces one store: `keychain` or `file`. Unset means the keychain when it answers, else the file. */
export const CREDENTIALS_STORE_ENV = 'ALFRED_CREDENTIALS_STORE';

/** What `openKeyStore` needs. */
export interface OpenKeyStoreOptions {
  readonly paths: AlfredPaths;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Overrides `ALFRED_CREDENTIALS_STORE`. */
  readonly prefer?: 'auto' | 'keychain' | 'file';
  readonly probeTimeoutMs?: number;
  /** Loads keytar; tests point this at a stand-in keychain. */
  readonly loadKeytar?: () => Promise<KeytarModule>;
}

/** The chosen store, and why the keychain was not used when it was not. */
export interface OpenedKeyStore {
  readonly store: KeyStore;
  readonly fallbackReason?: string;
}

/** The encrypted file store at `$ALFRED_HOME/credentials.enc`. */
export function fileKeyStore(paths: AlfredPaths, env: Readonly<Record<string, string | undefined>> = process.env): EncryptedFileKeyStore {
  const passphrase = env[CREDENTIALS_PASSPHRASE_ENV];
  return new EncryptedFileKeyStore({
    file: path.join(paths.home, 'credentials.enc'),
    keyFile: path.join(paths.home, 'credentials.key'),
    ...(passphrase ? { passphrase } : {}),
  });
}

/**
 * Picks where keys live: the OS keychain when keytar loads and the keychain answers within the
 * probe timeout, otherwise the encrypted file. Asking for `keychain` explicitly fails loudly
 * instead of falling back, so a user who wants the keychain learns why it is not there.
 */
export async function openKeyStore(options: OpenKeyStoreOptions): Promise<OpenedKeyStore> {
  const env = options.env ?? process.env;
  const prefer = options.prefer ?? parsePreference(env[CREDENTIALS_STORE_ENV]);
  if (prefer === 'file') return { store: fileKeyStore(options.paths, env) };
  const probe = await probeKeychain({ timeoutMs: options.probeTimeoutMs, load: options.loadKeytar });
  if (probe.ok) return { store: probe.store };
  if (prefer === 'keychain') throw new Error(`${CREDENTIALS_STORE_ENV}=keychain, but ${probe.reason}`);
  return { store: fileKeyStore(options.paths, env), fallbackReason: probe.reason };
}

function parsePreference(value: string | undefined): 'auto' | 'keychain' | 'file' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'keychain' || value === 'file') return value;
  throw new Error(`${CREDENTIALS_STORE_ENV} must be "keychain", "file" or "auto", not "${value}"`);
}
