import type { Command } from 'commander';
import type { KeyStore, OpenedKeyStore } from '@alfred/core';

/** The input `auth set` reads a key from: a terminal (read without echo) or a pipe. */
export interface AuthInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** What the auth commands talk to; the defaults are the real store and the process's streams. */
export interface AuthCommandDeps {
  readonly openStore?: () => Promise<OpenedKeyStore>;
  readonly stdin?: AuthInput;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
}

/**
 * Adds `alfred auth set|remove|list` to the program. Core is imported only when one of these runs,
 * so `alfred --help` stays cheap. `set` reads the key from the terminal without echo, or from a
 * pipe (`pass show x | alfred auth set openai`); keys are never printed, `list` shows the last four
 * characters only.
 */
export function registerAuthCommand(program: Command, deps: AuthCommandDeps = {}): Command {
  const stdout = deps.stdout ?? process.stdout;
  const stderr = deps.stderr ?? process.stderr;
  const open = deps.openStore ?? defaultOpenStore;
  const withStore = async (work: (store: KeyStore) => Promise<void>, command: Command) => {
    try {
      const { store, fallbackReason } = await open();
      if (fallbackReason) stderr.write(`note: using the encrypted file store because ${fallbackReason}\n`);
      await work(store);
    } catch (error) {
      command.error(`alfred auth: ${error instanceof Error ? error.message : String(error)}`, { exitCode: 1 });
    }
  };

  const auth = program.command('auth').description('manage API keys in the keychain or the encrypted credentials file');
  auth
    .command('set <provider>')
    .description('store the API key for a provider, read from the terminal without echo or from stdin')
    .action(async (provider: string, _options: unknown, command: Command) => {
      await withStore(async (store) => {
        const stdin = deps.stdin ?? process.stdin;
        const key = stdin.isTTY ? await readHidden(stdin, stderr, `API key for ${provider} (input hidden): `) : await readPiped(stdin);
        if (key === '') throw new Error('no key was given; nothing was stored');
        await store.set(provider, key);
        const { maskKey } = await import('@alfred/core');
        stdout.write(`Stored the ${provider} key ${maskKey(key)} in ${describeStore(store)}.\n`);
      }, command);
    });
  auth
    .command('remove <provider>')
    .description('delete the stored API key for a provider')
    .action(async (provider: string, _options: unknown, command: Command) => {
      await withStore(async (store) => {
        if (!(await store.delete(provider))) throw new Error(`no key is stored for ${provider} in ${describeStore(store)}`);
        stdout.write(`Removed the ${provider} key from ${describeStore(store)}.\n`);
      }, command);
    });
  auth
    .command('list [provider]')
    .description('list stored keys, showing only their last four characters')
    .action(async (provider: string | undefined, _options: unknown, command: Command) => {
      await withStore(async (store) => {
        const { maskKey } = await import('@alfred/core');
        const names = provider === undefined ? await store.list() : [provider];
        const rows: string[] = [];
        for (const name of names) {
          const key = await store.get(name);
          if (key !== undefined) rows.push(`${name.padEnd(16)} ${maskKey(key)}`);
        }
        if (rows.length === 0) stdout.write(`No keys stored in ${describeStore(store)}.\n`);
        else stdout.write(`Keys in ${describeStore(store)}:\n${rows.map((row) => `  ${row}\n`).join('')}`);
      }, command);
    });
  return auth;
}

async function defaultOpenStore(): Promise<OpenedKeyStore> {
  const { openKeyStore, resolveAlfredPaths } = await import('@alfred/core');
  return openKeyStore({ paths: resolveAlfredPaths(process.env) });
}

function describeStore(store: KeyStore): string {
  return store.kind === 'keychain' ? 'the system keychain' : 'the encrypted credentials file';
}

/** Reads everything from a pipe; surrounding whitespace (the trailing newline) is not part of a key. */
async function readPiped(stdin: AuthInput): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').trim();
}

/**
 * Reads one line from a terminal in raw mode so nothing is echoed. Backspace edits, Enter ends,
 * Ctrl+C and Ctrl+D cancel. Pasted text arrives as one chunk and is handled the same way.
 */
export function readHidden(stdin: AuthInput, prompt: { write(text: string): unknown }, question: string): Promise<string> {
  prompt.write(question);
  stdin.setRawMode?.(true);
  stdin.resume();
  let value = '';
  return new Promise<string>((resolve, reject) => {
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      prompt.write('\n');
      if (error) reject(error);
      else resolve(value.trim());
    };
    const onData = (chunk: Buffer | string) => {
      for (const character of chunk.toString()) {
        if (character === '\r' || character === '\n') return finish();
        if (character === '\u0003' || character === '\u0004') return finish(new Error('cancelled; nothing was stored'));
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else if (character >= ' ') value += character;
      }
    };
    stdin.on('data', onData);
  });
}
