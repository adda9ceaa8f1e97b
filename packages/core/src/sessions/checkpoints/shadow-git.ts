/**
 * A git repository that lives outside the user's project (`$ALFRED_HOME/tmp/<hash>/checkpoints`)
 * but whose work tree is the project: snapshots see the project's files and its `.gitignore` while
 * the user's own `.git`, index and configuration are never read or written.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Configuration that keeps snapshots byte-exact and free of the user's hooks and signing. */
const CONFIG = [
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'commit.gpgsign=false',
  'gc.auto=0',
  'core.quotepath=false',
];

/**
 * Clean and smudge filters (git-lfs and the like) and end-of-line conversion would change what is
 * stored; info/attributes outranks every .gitattributes, so this turns them off for the shadow only.
 */
const ATTRIBUTES = '* -text -filter -ident\n';

/** Runs git against one shadow repository. */
export class ShadowGit {
  readonly gitDir: string;
  readonly workTree: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(options: { gitDir: string; workTree: string }) {
    this.gitDir = options.gitDir;
    this.workTree = options.workTree;
    const env: NodeJS.ProcessEnv = {};
    // A GIT_* variable from the user's shell (GIT_DIR, GIT_INDEX_FILE…) would redirect us to their repository.
    for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
    this.env = {
      ...env,
      GIT_DIR: this.gitDir,
      GIT_WORK_TREE: this.workTree,
      GIT_AUTHOR_NAME: 'alfred',
      GIT_AUTHOR_EMAIL: 'checkpoints@alfred.invalid',
      GIT_COMMITTER_NAME: 'alfred',
      GIT_COMMITTER_EMAIL: 'checkpoints@alfred.invalid',
      GIT_TERMINAL_PROMPT: '0',
    };
  }

  /** Creates the repository the first time it is needed. */
  async ensure(): Promise<void> {
    if (existsSync(path.join(this.gitDir, 'HEAD'))) return;
    await mkdir(this.gitDir, { recursive: true, mode: 0o700 });
    await this.run(['init', '-q']);
    await mkdir(path.join(this.gitDir, 'info'), { recursive: true });
    await writeFile(path.join(this.gitDir, 'info', 'attributes'), ATTRIBUTES);
  }

  /** Runs `git <args>` in the work tree and returns stdout; failures say which command and why. */
  run(args: string[], options: { allowFailure?: boolean } = {}): Promise<string> {
    const fullArgs = CONFIG.flatMap((setting) => ['-c', setting]).concat(args);
    return new Promise((resolve, reject) => {
      execFile('git', fullArgs, { cwd: this.workTree, env: this.env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error && !options.allowFailure) {
          const detail = stderr.trim() || error.message;
          reject(new Error(`checkpoint git ${args[0]} failed: ${detail}`));
          return;
        }
        resolve(error ? '' : stdout);
      });
    });
  }
}

/** Splits NUL-separated git output. */
export function splitNul(output: string): string[] {
  return output.split('\0').filter((item) => item !== '');
}
