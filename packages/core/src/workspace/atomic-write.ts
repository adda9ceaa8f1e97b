import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file so that readers see either the old or the new content, never half of it: the data
 * goes to a temporary file in the same directory (same filesystem, so rename is atomic), is flushed,
 * then renamed over the target. Missing folders are created; an existing file's mode is kept.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const directory = path.dirname(target);
  await mkdir(directory, { recursive: true });
  const mode = await stat(target).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  const temporary = path.join(directory, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode ?? 0o666);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask narrows the mode given to open(); chmod restores the original file's exact mode.
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
