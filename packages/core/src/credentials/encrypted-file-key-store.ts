import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, scrypt } from 'node:crypto';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../settings/atomic-write.js';
import { withFileLock } from '../settings/file-lock.js';
import { assertKeyName, assertKeyValue, CredentialsError, type KeyStore } from './key-store.js';

/** Set this to encrypt credentials.enc with a passphrase instead of the key file beside it. */
export const CREDENTIALS_PASSPHRASE_ENV = 'ALFRED_CREDENTIALS_PASSPHRASE';

/** The file's envelope. Everything but `data` and `tag` is authenticated as associated data. */
interface Envelope {
  version: 1;
  keySource: 'keyfile' | 'passphrase';
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

/** Where the store keeps its files and what it encrypts with. */
export interface EncryptedFileKeyStoreOptions {
  /** `$ALFRED_HOME/credentials.enc`. */
  readonly file: string;
  /** `$ALFRED_HOME/credentials.key`: 32 random bytes, created on first write when no passphrase is used. */
  readonly keyFile: string;
  /** When set, the encryption key is derived from it with scrypt and no key file is used. */
  readonly passphrase?: string;
}

/**
 * API keys in one AES-256-GCM encrypted file, mode 0600, in a folder tightened to 0700. The key
 * comes from a random key file beside it, or from a passphrase. See docs/credentials.md for what
 * this does and does not protect against. Writes are atomic and locked, like settings.
 */
export class EncryptedFileKeyStore implements KeyStore {
  readonly kind = 'file';
  private readonly options: EncryptedFileKeyStoreOptions;

  constructor(options: EncryptedFileKeyStoreOptions) {
    this.options = options;
  }

  async get(name: string): Promise<string | undefined> {
    assertKeyName(name);
    const entries = await this.readAll();
    return Object.hasOwn(entries, name) ? entries[name] : undefined;
  }

  async set(name: string, value: string): Promise<void> {
    assertKeyName(name);
    assertKeyValue(value);
    await this.change((entries) => {
      entries[name] = value;
      return true;
    });
  }

  async delete(name: string): Promise<boolean> {
    assertKeyName(name);
    let existed = false;
    await this.change((entries) => {
      existed = Object.hasOwn(entries, name);
      delete entries[name];
      return existed;
    });
    return existed;
  }

  async list(): Promise<string[]> {
    return Object.keys(await this.readAll()).sort();
  }

  private async change(edit: (entries: Record<string, string>) => boolean): Promise<void> {
    await secureDirectory(path.dirname(this.options.file));
    try {
      await withFileLock(
        this.options.file,
        async () => {
          const entries = await this.readAll();
          if (!edit(entries)) return;
          const envelope = await this.encrypt(entries);
          await writeFileAtomic(this.options.file, `${JSON.stringify(envelope, null, 2)}\n`, { mode: 0o600 });
          await chmod(this.options.file, 0o600);
        },
        { directoryMode: 0o700 },
      );
    } catch (error) {
      if (error instanceof CredentialsError) throw error;
      throw new CredentialsError('write_failed', `could not save ${this.options.file} (${(error as Error).message}); it was left as it was`, { cause: error });
    }
  }

  private async readAll(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Object.create(null) as Record<string, string>;
      throw new CredentialsError('unreadable', `cannot read ${this.options.file} (${(error as Error).message})`, { cause: error });
    }
    const envelope = parseEnvelope(text, this.options.file);
    const key = await this.deriveKey(envelope.keySource, Buffer.from(envelope.salt, 'base64'), false);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
      decipher.setAAD(associatedData(envelope));
      decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]);
      return Object.assign(Object.create(null) as Record<string, string>, JSON.parse(plain.toString('utf8')) as Record<string, string>);
    } catch (error) {
      const hint = envelope.keySource === 'passphrase' ? `check ${CREDENTIALS_PASSPHRASE_ENV}` : `${this.options.keyFile} does not match it`;
      throw new CredentialsError('wrong_key', `${this.options.file} cannot be decrypted: it was changed, or ${hint}`, { cause: error });
    }
  }

  private async encrypt(entries: Record<string, string>): Promise<Envelope> {
    const keySource: Envelope['keySource'] = this.options.passphrase !== undefined ? 'passphrase' : 'keyfile';
    const salt = randomBytes(16);
    const key = await this.deriveKey(keySource, salt, true);
    const iv = randomBytes(12);
    const header = { version: 1 as const, keySource, salt: salt.toString('base64'), iv: iv.toString('base64') };
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(associatedData(header));
    const data = Buffer.concat([cipher.update(JSON.stringify({ ...entries }), 'utf8'), cipher.final()]);
    return { ...header, tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  private async deriveKey(source: Envelope['keySource'], salt: Buffer, create: boolean): Promise<Buffer> {
    if (source === 'passphrase') {
      if (this.options.passphrase === undefined) {
        throw new CredentialsError('wrong_key', `${this.options.file} is protected by a passphrase; set ${CREDENTIALS_PASSPHRASE_ENV}`);
      }
      return scryptKey(this.options.passphrase, salt);
    }
    const material = await this.readKeyFile(create);
    return Buffer.from(hkdfSync('sha256', material, salt, 'alfred credentials.enc v1', 32));
  }

  private async readKeyFile(create: boolean): Promise<Buffer> {
    try {
      const material = await readFile(this.options.keyFile);
      if (material.length !== 32) throw new CredentialsError('wrong_key', `${this.options.keyFile} is not a 32-byte key file`);
      return material;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (!create) throw new CredentialsError('wrong_key', `${this.options.keyFile} is missing, so ${this.options.file} cannot be decrypted`);
      const material = randomBytes(32);
      await writeFileAtomic(this.options.keyFile, material, { mode: 0o600 });
      return material;
    }
  }
}

function parseEnvelope(text: string, file: string): Envelope {
  try {
    const value = JSON.parse(text) as Partial<Envelope>;
    const fields = [value.salt, value.iv, value.tag, value.data];
    if (value.version === 1 && (value.keySource === 'keyfile' || value.keySource === 'passphrase') && fields.every((field) => typeof field === 'string')) {
      return value as Envelope;
    }
  } catch {
    // Reported below with the same message as a well-formed file of the wrong shape.
  }
  throw new CredentialsError('unreadable', `${file} is not an alfred credentials file (version 1)`);
}

function associatedData(header: Pick<Envelope, 'version' | 'keySource' | 'salt' | 'iv'>): Buffer {
  return Buffer.from(`alfred-credentials|${header.version}|${header.keySource}|${header.salt}|${header.iv}`);
}

function scryptKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Creates the folder 0700, or tightens it to 0700 when it is ours and open to others. */
async function secureDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const info = await stat(directory);
  if ((info.mode & 0o077) !== 0 && info.uid === process.getuid?.()) await chmod(directory, 0o700);
}
