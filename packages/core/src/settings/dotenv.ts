import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** One `.env` file that was read, and the variables it set. */
export interface DotenvLayer {
  readonly path: string;
  readonly variables: Readonly<Record<string, string>>;
}

/**
 * Builds the environment settings expand against: the process environment first, then each
 * `.env` file in the order given, each filling only names not yet set. So a variable exported in
 * the shell always beats a file, and an earlier file (the workspace's) beats a later one (the
 * user's). `process.env` itself is never changed; a missing file is simply skipped.
 */
export async function loadDotenvFiles(
  files: readonly string[],
  baseEnv: Readonly<Record<string, string | undefined>>,
): Promise<{ env: Record<string, string | undefined>; loaded: DotenvLayer[] }> {
  const env: Record<string, string | undefined> = { ...baseEnv };
  const loaded: DotenvLayer[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const variables = parseEnv(text.startsWith('\uFEFF') ? text.slice(1) : text) as Record<string, string>;
    const applied: Record<string, string> = {};
    for (const [name, value] of Object.entries(variables)) {
      if (env[name] !== undefined) continue;
      env[name] = value;
      applied[name] = value;
    }
    loaded.push({ path: file, variables: applied });
  }
  return { env, loaded };
}
