import type { KeyStore } from '../credentials/key-store.js';
import { openKeyStore } from '../credentials/open-key-store.js';
import type { AlfredPaths } from '../workspace/alfred-home.js';

/**
 * The key store, opened on first use: probing the OS keychain can take up to two seconds, and most
 * runs find their key in settings or the environment and never need it.
 */
export function lazyKeyStore(paths: AlfredPaths, env: Readonly<Record<string, string | undefined>>): Omit<KeyStore, 'kind'> {
  let opened: Promise<KeyStore> | undefined;
  const store = () => (opened ??= openKeyStore({ paths, env }).then((result) => result.store));
  return {
    get: async (name) => (await store()).get(name),
    set: async (name, value) => (await store()).set(name, value),
    delete: async (name) => (await store()).delete(name),
    list: async () => (await store()).list(),
  };
}
