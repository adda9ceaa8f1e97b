import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

/** How long a writer waits for another writer before giving up (each write holds it for milliseconds). */
const DEFAULT_WAIT_MS = 10_000;

/**
 * Runs `work` while holding an exclusive, cross-process lock on `file` (a `<file>.lock` folder
 * managed by proper-lockfile, so a crashed holder's lock goes stale instead of blocking forever).
 * The file itself need not exist; its folder is created with `directoryMode` if missing.
 * Only a lock held by someone else is waited for: any other failure (a read-only folder) is thrown
 * at once, because proper-lockfile's own retries would retry those too.
 */
export async function withFileLock<T>(
  file: string,
  work: () => Promise<T>,
  options: { waitMs?: number; directoryMode?: number } = {},
): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true, mode: options.directoryMode ?? 0o755 });
  const release = await acquire(file, options.waitMs ?? DEFAULT_WAIT_MS);
  try {
    return await work();
  } finally {
    await release().catch(() => {});
  }
}

async function acquire(file: string, waitMs: number): Promise<() => Promise<void>> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await lockfile.lock(file, {
        realpath: false,
        stale: 10_000,
        retries: 0,
        // proper-lockfile throws from a timer when it cannot refresh a held lock; a settings write
        // takes milliseconds, and crashing alfred over it would be worse than the lost guarantee.
        onCompromised: () => {},
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() >= deadline) throw error;
      // Short, jittered waits: writers hold the lock for a few milliseconds.
      await sleep(Math.min(100, 2 + attempt * 3) * (0.5 + Math.random()));
    }
  }
}
