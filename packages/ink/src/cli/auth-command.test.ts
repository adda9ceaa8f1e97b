import { PassThrough, Readable } from 'node:stream';
import { Command } from 'commander';
import { fileKeyStore, resolveAlfredPaths, type KeyStore } from '@alfred/core';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { registerAuthCommand, type AuthInput } from './auth-command.js';

const KEY = 'sk-proj-abcdefghijklmnop-WXYZ';

/** Runs `alfred auth …` against a file store in a temp ALFRED_HOME, capturing what a user sees. */
async function run(home: string, args: string[], stdin: AuthInput = Readable.from([])) {
  const output = { stdout: '', stderr: '' };
  const program = new Command('alfred').exitOverride().configureOutput({
    writeOut: (text) => (output.stdout += text),
    writeErr: (text) => (output.stderr += text),
  });
  const store: KeyStore = fileKeyStore(resolveAlfredPaths({ ALFRED_HOME: home }), {});
  registerAuthCommand(program, {
    openStore: async () => ({ store }),
    stdin,
    stdout: { write: (text: string) => (output.stdout += text) },
    stderr: { write: (text: string) => (output.stderr += text) },
  });
  const exitCode = await program.parseAsync(['node', 'alfred', 'auth', ...args]).then(
    () => 0,
    (error: { exitCode?: number }) => error.exitCode ?? 1,
  );
  return { ...output, exitCode, store };
}

/** A terminal-like input: raw mode is recorded, typed characters are pushed by the test. */
function fakeTerminal(): PassThrough & AuthInput & { rawModes: boolean[] } {
  const stream = new PassThrough() as PassThrough & AuthInput & { rawModes: boolean[] };
  stream.isTTY = true;
  stream.rawModes = [];
  stream.setRawMode = (mode: boolean) => stream.rawModes.push(mode);
  return stream;
}

describe('alfred auth', () => {
  it('stores a piped key and never prints more than its last four characters', async () => {
    await using ws = await tempWorkspace();
    const set = await run(ws.alfredHome, ['set', 'openai'], Readable.from([`${KEY}\n`]));
    expect(set.exitCode).toBe(0);
    expect(set.stdout).toBe('Stored the openai key ••••WXYZ in the encrypted credentials file.\n');
    expect(await set.store.get('openai')).toBe(KEY);

    const list = await run(ws.alfredHome, ['list']);
    expect(list.stdout).toBe('Keys in the encrypted credentials file:\n  openai           ••••WXYZ\n');
    expect(list.stdout + list.stderr).not.toContain(KEY.slice(0, -4));
  });

  it('reads a typed key without echoing it, honouring backspace', async () => {
    await using ws = await tempWorkspace();
    const terminal = fakeTerminal();
    const pending = run(ws.alfredHome, ['set', 'anthropic'], terminal);
    await new Promise((resolve) => setImmediate(resolve));
    terminal.write('sk-ant-typo');
    terminal.write('\u007f\u007f\u007f\u007f');
    terminal.write('secret-1234\r');
    const result = await pending;
    expect(result.exitCode).toBe(0);
    expect(await result.store.get('anthropic')).toBe('sk-ant-secret-1234');
    expect(result.stderr).toBe('API key for anthropic (input hidden): \n');
    expect(result.stdout).not.toContain('secret');
    expect(terminal.rawModes).toEqual([true, false]);
  });

  it('stores nothing when typing is cancelled with Ctrl+C', async () => {
    await using ws = await tempWorkspace();
    const terminal = fakeTerminal();
    const pending = run(ws.alfredHome, ['set', 'anthropic'], terminal);
    await new Promise((resolve) => setImmediate(resolve));
    terminal.write('sk-half\u0003');
    const result = await pending;
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('cancelled; nothing was stored');
    expect(await result.store.list()).toEqual([]);
  });

  it('removes a key, and says so when there is none', async () => {
    await using ws = await tempWorkspace();
    await run(ws.alfredHome, ['set', 'gemini'], Readable.from([KEY]));
    const removed = await run(ws.alfredHome, ['remove', 'gemini']);
    expect(removed.stdout).toBe('Removed the gemini key from the encrypted credentials file.\n');
    const again = await run(ws.alfredHome, ['remove', 'gemini']);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('no key is stored for gemini');
    expect((await run(ws.alfredHome, ['list'])).stdout).toBe('No keys stored in the encrypted credentials file.\n');
  });

  it('refuses an empty key and a provider name that is not a name', async () => {
    await using ws = await tempWorkspace();
    const empty = await run(ws.alfredHome, ['set', 'openai'], Readable.from(['\n']));
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain('no key was given');
    const badName = await run(ws.alfredHome, ['set', '../x'], Readable.from([KEY]));
    expect(badName.exitCode).toBe(1);
    expect(badName.stderr).toContain('"../x" is not a valid key name');
  });
});
