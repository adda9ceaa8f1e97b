import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { EncryptedFileKeyStore } from './encrypted-file-key-store.js';
import { CredentialsError, maskKey } from './key-store.js';

const SECRET = 'sk-ant-api03-very-secret-value-7f3a';

function storeIn(home: string, passphrase?: string): EncryptedFileKeyStore {
  return new EncryptedFileKeyStore({
    file: path.join(home, 'credentials.enc'),
    keyFile: path.join(home, 'credentials.key'),
    ...(passphrase === undefined ? {} : { passphrase }),
  });
}

async function failure(promise: Promise<unknown>): Promise<CredentialsError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof CredentialsError)) throw new Error(`expected a CredentialsError, got ${String(error)}`);
  return error;
}

describe('EncryptedFileKeyStore', () => {
  it('stores, lists and removes keys, and a second instance reads what the first wrote', async () => {
    await using ws = await tempWorkspace();
    const home = path.join(ws.alfredHome, 'store');
    await storeIn(home).set('anthropic', SECRET);
    await storeIn(home).set('openai', 'sk-openai-1234');
    const reader = storeIn(home);
    expect(await reader.get('anthropic')).toBe(SECRET);
    expect(await reader.list()).toEqual(['anthropic', 'openai']);
    expect(await reader.delete('openai')).toBe(true);
    expect(await reader.delete('openai')).toBe(false);
    expect(await storeIn(home).list()).toEqual(['anthropic']);
    expect(await reader.get('gemini')).toBeUndefined();
  });

  it('writes the file 0600 in a 0700 folder, without the key in plain text', async () => {
    await using ws = await tempWorkspace();
    const home = path.join(ws.alfredHome, 'store');
    await storeIn(home).set('anthropic', SECRET);
    expect((await stat(path.join(home, 'credentials.enc'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(home, 'credentials.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    const onDisk = await readFile(path.join(home, 'credentials.enc'), 'utf8');
    expect(onDisk).not.toContain(SECRET);
    expect(onDisk).not.toContain('anthropic');
  });

  it('refuses a tampered file instead of returning garbage', async () => {
    await using ws = await tempWorkspace();
    const home = ws.alfredHome;
    await storeIn(home).set('anthropic', SECRET);
    const file = path.join(home, 'credentials.enc');
    const envelope = JSON.parse(await readFile(file, 'utf8')) as { data: string };
    const bytes = Buffer.from(envelope.data, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    await writeFile(file, JSON.stringify({ ...envelope, data: bytes.toString('base64') }));
    const error = await failure(storeIn(home).get('anthropic'));
    expect(error.code).toBe('wrong_key');
    expect(error.message).toContain('cannot be decrypted');
  });

  it('says the key file is missing rather than failing obscurely', async () => {
    await using ws = await tempWorkspace();
    await storeIn(ws.alfredHome).set('anthropic', SECRET);
    await writeFile(path.join(ws.alfredHome, 'credentials.key'), 'short');
    expect((await failure(storeIn(ws.alfredHome).list())).message).toContain('not a 32-byte key file');
  });

  it('encrypts with a passphrase when given one, and asks for it when it is missing or wrong', async () => {
    await using ws = await tempWorkspace();
    await storeIn(ws.alfredHome, 'correct horse').set('anthropic', SECRET);
    expect(await storeIn(ws.alfredHome, 'correct horse').get('anthropic')).toBe(SECRET);
    expect((await failure(storeIn(ws.alfredHome).get('anthropic'))).message).toContain('set ALFRED_CREDENTIALS_PASSPHRASE');
    expect((await failure(storeIn(ws.alfredHome, 'wrong').get('anthropic'))).code).toBe('wrong_key');
  });

  it('rejects a file that is not a credentials file, bad names and multi-line values', async () => {
    await using ws = await tempWorkspace({ files: { 'home/credentials.enc': '{"hello": 1}' } });
    expect((await failure(storeIn(ws.path('home')).list())).code).toBe('unreadable');
    expect((await failure(storeIn(ws.alfredHome).set('../etc', 'x'))).code).toBe('invalid_name');
    expect((await failure(storeIn(ws.alfredHome).set('anthropic', 'a\nb'))).code).toBe('invalid_value');
  });
});

describe('maskKey', () => {
  it('shows at most the last four characters', () => {
    expect(maskKey(SECRET)).toBe('••••7f3a');
    expect(maskKey('short')).toBe('••••');
  });
});
