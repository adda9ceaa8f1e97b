/**
 * The terminal modes alfred changes (alternate screen, bracketed paste, mouse reporting, raw input)
 * with one place that undoes them: on exit, on a crash (process `exit`), before Ctrl+Z stops the
 * process and while another program (the editor) has the terminal. After Ctrl+Z and the editor
 * the modes come back and the screen is redrawn in full.
 */
const ENTER_ALTERNATE = '\u001B[?1049h\u001B[H\u001B[2J';
const LEAVE_ALTERNATE = '\u001B[?1049l';
const SHOW_CURSOR = '\u001B[?25h';
const PASTE_ON = '\u001B[?2004h';
const PASTE_OFF = '\u001B[?2004l';
// Button events with SGR coordinates: the wheel arrives as buttons 64 and 65.
const MOUSE_ON = '\u001B[?1000h\u001B[?1006h';
const MOUSE_OFF = '\u001B[?1006l\u001B[?1000l';

/** What the app may ask of the terminal. */
export interface TerminalControl {
  /** Select mode: off releases the mouse so the terminal's own selection works. */
  setMouse(enabled: boolean): void;
  /** Gives the terminal to a full-screen program (the editor) and takes it back afterwards. */
  handOver<T>(run: () => T): T;
  /** Ctrl+Z: restores the terminal, stops the process, and takes the terminal back on `fg`. */
  suspend(): void;
}

export interface TerminalSession extends TerminalControl {
  /** Leaves every mode (idempotent). */
  restore(): void;
}

export interface TerminalOptions {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  fullscreen: boolean;
  /** Called on Ctrl+Z once the normal screen is back (print the transcript into it). */
  onLeave?(): void;
  /** Called after it is taken back: forget the last frame and draw everything again. */
  onReturn?(): void;
}

export function takeTerminal(options: TerminalOptions): TerminalSession {
  const { stdout, stdin, fullscreen } = options;
  let mouse = fullscreen;
  let taken = false;
  const setRaw = (raw: boolean) => {
    if (stdin.isTTY) stdin.setRawMode(raw);
  };
  const enter = () => {
    taken = true;
    stdout.write((fullscreen ? ENTER_ALTERNATE : '') + PASTE_ON + (mouse ? MOUSE_ON : ''));
  };
  const leave = () => {
    if (!taken) return;
    taken = false;
    stdout.write(MOUSE_OFF + PASTE_OFF + (fullscreen ? LEAVE_ALTERNATE : '') + SHOW_CURSOR);
  };
  const restore = () => {
    leave();
    process.off('exit', restore);
  };
  process.on('exit', restore);
  enter();
  return {
    restore,
    setMouse(enabled) {
      mouse = enabled;
      if (fullscreen) stdout.write(enabled ? MOUSE_ON : MOUSE_OFF);
    },
    handOver(run) {
      leave();
      setRaw(false);
      try {
        return run();
      } finally {
        setRaw(true);
        enter();
        options.onReturn?.();
      }
    },
    suspend() {
      leave();
      options.onLeave?.();
      setRaw(false);
      process.once('SIGCONT', () => {
        setRaw(true);
        enter();
        options.onReturn?.();
      });
      process.kill(process.pid, 'SIGTSTP');
    },
  };
}

/** OSC 52: asks the terminal to put `text` on the system clipboard. */
export function copyToClipboard(stdout: NodeJS.WriteStream, text: string): void {
  stdout.write(`\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`);
}
