/**
 * Exercises the real keychain through keytar, inside the D-Bus session and unlocked gnome-keyring
 * that keychain-key-store.test.ts starts. Prints what it saw as one JSON line.
 */
import { openKeyStore } from './open-key-store.js';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';

async function main(): Promise<void> {
  const { store } = await openKeyStore({ paths: resolveAlfredPaths(), prefer: 'keychain' });
  await store.set('alfred-test-provider', 'sk-keychain-test-9876');
  const got = await store.get('alfred-test-provider');
  const listed = await store.list();
  const deleted = await store.delete('alfred-test-provider');
  const afterDelete = await store.get('alfred-test-provider');
  process.stdout.write(`${JSON.stringify({ kind: store.kind, got, listed, deleted, afterDelete: afterDelete ?? null })}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
  process.exitCode = 2;
});
