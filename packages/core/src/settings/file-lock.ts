import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** How long a writer waits for another writer before giving up (each write holds it for milliseconds). */
const DEFAULT_WAIT_MS = 10_000;

/**
 * Runs `work` while holding an exclusive, cross-process lock on `file` (a `<file>.lock` folder
 * managed by proper-lockfile, so a crashed holder's lock goes stale instead of blocking forever).
 * The file itself need not exist; its folder is created with `directoryMode` if missing.
 */
export async function withFileLock<T>(
  file: string,
  work: () => Promise<T>,
  options: { waitMs?: number; directoryMode?: number } = {},
): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true, mode: options.directoryMode ?? 0o755 });
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const release = await lockfile.lock(file, {
    realpath: false,
    stale: 10_000,
    retries: { retries: Math.max(1, Math.ceil(waitMs / 50)), factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true },
  });
  try {
    return await work();
  } finally {
    await release().catch(() => {});
  }
}
