import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Trusted folders, stored in `$ALFRED_HOME/trustedFolders.json` as `{ "<absolute path>": level }`.
 * The most specific entry wins: trusting `/work/repo` trusts everything below it, and a
 * `DO_NOT_TRUST` entry deeper down takes that subtree back out.
 */
export type TrustLevel = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

/** A folder's trust: trusted, not trusted, or never decided (ask the user). */
export type TrustState = 'trusted' | 'untrusted' | 'unknown';

const LEVELS: readonly TrustLevel[] = ['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST'];

/** The file name inside `$ALFRED_HOME`. */
export const TRUSTED_FOLDERS_FILE = 'trustedFolders.json';

/** The trust decisions the user has made, loaded from and saved to one file. */
export class TrustedFolders {
  private constructor(
    readonly file: string,
    private readonly entries: Map<string, TrustLevel>,
  ) {}

  /** Loads `<alfredHome>/trustedFolders.json`; a missing file means nothing is trusted yet. */
  static async load(options: { alfredHome: string }): Promise<TrustedFolders> {
    const file = path.join(options.alfredHome, TRUSTED_FOLDERS_FILE);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new TrustedFolders(file, new Map());
      throw error;
    }
    return new TrustedFolders(file, parseEntries(text, file));
  }

  /** The trust of `folder` (absolute): the most specific entry covering it decides. */
  trustOf(folder: string): TrustState {
    let best: { depth: number; level: TrustLevel } | undefined;
    for (const [entry, level] of this.entries) {
      const root = level === 'TRUST_PARENT' ? path.dirname(entry) : entry;
      if (!isInside(path.resolve(folder), root)) continue;
      const depth = root.split(path.sep).length + (level === 'DO_NOT_TRUST' ? 0.5 : 0);
      if (!best || depth > best.depth) best = { depth, level };
    }
    if (!best) return 'unknown';
    return best.level === 'DO_NOT_TRUST' ? 'untrusted' : 'trusted';
  }

  /** Records the user's answer for `folder` and saves the file (atomic, mode 0600). */
  async setTrust(folder: string, level: TrustLevel): Promise<void> {
    this.entries.set(path.resolve(folder), level);
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, JSON.stringify(Object.fromEntries(this.entries), null, 2) + '\n', { mode: 0o600 });
    await rename(temporary, this.file);
  }
}

function parseEntries(text: string, file: string): Map<string, TrustLevel> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix or delete it to choose trust again`);
  }
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    throw new Error(`${file} must be an object mapping absolute folder paths to ${LEVELS.join(' | ')}`);
  }
  const entries = new Map<string, TrustLevel>();
  for (const [folder, level] of Object.entries(document)) {
    if (!path.isAbsolute(folder) || !LEVELS.includes(level as TrustLevel)) {
      throw new Error(`${file}: entry "${folder}": expected an absolute path mapped to ${LEVELS.join(' | ')}, got ${JSON.stringify(level)}`);
    }
    entries.set(path.resolve(folder), level as TrustLevel);
  }
  return entries;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
