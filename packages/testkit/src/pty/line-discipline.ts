import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How the pty's line discipline treats input, as `stty` reports it for the program's side. */
export interface InputMode {
  /** Canonical mode off: keys reach the program one by one instead of line by line. */
  raw: boolean;
  /** The tty echoes typed characters itself. */
  echo: boolean;
  /** Ctrl+C and Ctrl+Z become signals (SIGINT, SIGTSTP) instead of bytes the program reads. */
  signals: boolean;
}

/**
 * Reads the terminal settings of the pty's program side (`/dev/pts/N`) with `stty`. A TUI draws
 * its first frame before it switches the terminal to raw mode, so a test that presses Ctrl+C in
 * between would kill it with SIGINT instead of sending it a key: this is how to tell the two apart.
 */
export async function readInputMode(ptsName: string): Promise<InputMode> {
  const { stdout } = await run('stty', ['-F', ptsName, '-a']);
  const flags = new Set(stdout.split(/[\s;]+/));
  const flag = (name: string): boolean => {
    if (flags.has(name)) return true;
    if (flags.has(`-${name}`)) return false;
    throw new Error(`stty -a did not report "${name}" for ${ptsName}:\n${stdout}`);
  };
  return { raw: !flag('icanon'), echo: flag('echo'), signals: flag('isig') };
}
