/**
 * The alternate screen and the terminal modes alfred changes, with a restore that runs on exit and
 * on a crash, so a failure never leaves the terminal in the alternate screen or without a cursor.
 */
const ENTER_ALTERNATE = '\u001B[?1049h\u001B[H';
const LEAVE_ALTERNATE = '\u001B[?1049l';
const SHOW_CURSOR = '\u001B[?25h';

export interface ScreenSession {
  /** Leaves the alternate screen (idempotent). */
  restore(): void;
}

export function enterAlternateScreen(stdout: NodeJS.WriteStream): ScreenSession {
  let active = true;
  stdout.write(ENTER_ALTERNATE);
  const restore = () => {
    if (!active) return;
    active = false;
    stdout.write(LEAVE_ALTERNATE + SHOW_CURSOR);
    process.off('exit', restore);
  };
  process.on('exit', restore);
  return { restore };
}

/** OSC 52: asks the terminal to put `text` on the system clipboard. */
export function copyToClipboard(stdout: NodeJS.WriteStream, text: string): void {
  stdout.write(`\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`);
}
