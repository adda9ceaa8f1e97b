import { randomBytes } from 'node:crypto';
import { chmod, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `file` with `data` so that a reader sees either the old or the new contents, never a
 * mix: write a temp file beside it, fsync, rename over, fsync the folder. On any failure (a full
 * disk, a read-only folder) the temp file is removed and the original is untouched; the error is
 * rethrown for the caller to explain. The file keeps its permission bits, or gets `mode` if new.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const directory = path.dirname(file);
  const temp = path.join(directory, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const mode = (await existingMode(file)) ?? options.mode ?? 0o644;
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    // open() is subject to the umask; the file must end with exactly the mode asked for.
    await chmod(temp, mode);
    await rename(temp, file);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  await syncDirectory(directory);
}

async function existingMode(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Makes the rename itself durable; some filesystems refuse to open a folder, which is harmless. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is best effort; the data itself was already synced.
  }
}

/** Turns a filesystem error into a sentence a user can act on. */
export function describeWriteFailure(error: unknown, file: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk is full; ${file} was left as it was`;
    case 'EFBIG':
      return `the file size limit was reached; ${file} was left as it was`;
    case 'EACCES':
    case 'EPERM':
      return `no permission to write in ${path.dirname(file)}; ${file} was left as it was`;
    case 'EROFS':
      return `${path.dirname(file)} is on a read-only filesystem; ${file} was left as it was`;
    default:
      return `could not write ${file} (${error instanceof Error ? error.message : String(error)}); it was left as it was`;
  }
}
