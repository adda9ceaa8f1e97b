import { assertKeyName, assertKeyValue, CredentialsError, type KeyStore } from './key-store.js';

/** The part of keytar alfred uses; keytar is an optional native dependency, loaded only when needed. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** The keychain service name under which alfred's keys are stored, one account per provider. */
export const KEYCHAIN_SERVICE = 'alfred-cli';
/** How long the keychain may take to answer the first question before alfred stops waiting. */
export const KEYCHAIN_PROBE_TIMEOUT_MS = 2000;

/** Keys in the operating system's keychain through keytar. */
export class KeychainKeyStore implements KeyStore {
  readonly kind = 'keychain';

  constructor(
    private readonly keytar: KeytarModule,
    private readonly service: string = KEYCHAIN_SERVICE,
  ) {}

  async get(name: string): Promise<string | undefined> {
    assertKeyName(name);
    return (await this.call(() => this.keytar.getPassword(this.service, name))) ?? undefined;
  }

  async set(name: string, value: string): Promise<void> {
    assertKeyName(name);
    assertKeyValue(value);
    await this.call(() => this.keytar.setPassword(this.service, name, value));
  }

  async delete(name: string): Promise<boolean> {
    assertKeyName(name);
    return this.call(() => this.keytar.deletePassword(this.service, name));
  }

  async list(): Promise<string[]> {
    const credentials = await this.call(() => this.keytar.findCredentials(this.service));
    return credentials.map((credential) => credential.account).sort();
  }

  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new CredentialsError('keychain_failed', `the keychain refused: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** The keychain store, or why it cannot be used. */
export type KeychainProbe = { ok: true; store: KeychainKeyStore } | { ok: false; reason: string };

/**
 * Loads keytar lazily and asks the keychain one harmless question. keytar can be missing (it is an
 * optional native module), fail (no Secret Service, no D-Bus session) or hang (a locked keyring
 * waiting for a prompt nobody sees), so the question gets `timeoutMs` (default 2 s) to answer.
 */
export async function probeKeychain(
  options: { service?: string; timeoutMs?: number; load?: () => Promise<KeytarModule> } = {},
): Promise<KeychainProbe> {
  let keytar: KeytarModule;
  try {
    keytar = await (options.load ?? loadKeytar)();
  } catch (error) {
    return { ok: false, reason: `keytar is not installed or did not load (${firstLine(error)})` };
  }
  const service = options.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = options.timeoutMs ?? KEYCHAIN_PROBE_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref();
  });
  try {
    const answer = await Promise.race([keytar.findCredentials(service).then(() => 'ok' as const), timeout]);
    if (answer === 'timeout') return { ok: false, reason: `the keychain did not answer within ${timeoutMs} ms` };
    return { ok: true, store: new KeychainKeyStore(keytar, service) };
  } catch (error) {
    return { ok: false, reason: `the keychain is not usable (${firstLine(error)})` };
  } finally {
    clearTimeout(timer);
  }
}

async function loadKeytar(): Promise<KeytarModule> {
  // A variable specifier keeps bundlers from inlining the native module; it stays optional.
  const specifier = 'keytar';
  const loaded = (await import(specifier)) as { default?: KeytarModule } & KeytarModule;
  return loaded.default ?? loaded;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
