import { spawn, type IPty } from '@lydell/node-pty';
import { keySequence } from './keys.js';
import { readInputMode, type InputMode } from './line-discipline.js';
import { TerminalScreen, type TerminalModes } from './terminal-screen.js';

/** How to start a program in a pseudo-terminal. */
export interface StartPtyOptions {
  command: string;
  args?: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Terminal size; defaults to 100×30. */
  cols?: number;
  rows?: number;
}

/** How a pty program ended. `signal` is the signal number when it was killed by one. */
export interface PtyExit {
  exitCode: number;
  signal: number | undefined;
}

/** What a screen wait looks for: text anywhere on screen, a pattern, or a test of the lines. */
export type ScreenMatcher = string | RegExp | ((lines: string[]) => boolean);

/** A program running in a pty whose output is rendered by a headless terminal emulator. */
export interface PtySession extends AsyncDisposable {
  readonly pid: number;
  /** Every byte the program wrote to the terminal so far (decoded as UTF-8). */
  readonly output: string;
  /** Total bytes the program wrote to the terminal: what a real terminal would have to draw. */
  readonly bytesWritten: number;
  /** The exit, once the program has ended. */
  readonly exited: PtyExit | undefined;
  /**
   * Visible screen lines, right-trimmed, as parsed so far (right after `waitForText` resolves they
   * are a complete frame; at other moments a synchronized update may be half applied).
   */
  screen(): string[];
  /** The visible screen as one string, lines joined with `\n` and trailing blank lines dropped. */
  screenText(): string;
  /** Scrollback plus screen of the active buffer. */
  allLines(): string[];
  /** Cursor position on screen, zero-based. */
  cursor(): { x: number; y: number };
  /** Modes the program set on the terminal (cursor visibility, alternate screen, …). */
  modes(): TerminalModes;
  /** Sends text as typed keys. */
  type(text: string): void;
  /** Pastes text, wrapped in bracketed-paste markers when the program enabled them. */
  paste(text: string): void;
  /** Presses a named key: `enter`, `escape`, `up`, `ctrl+c`, `shift+tab`, … (see `keySequence`). */
  press(key: string): void;
  /** Sends raw bytes. */
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /**
   * Resolves with the visible lines once the screen matches; rejects with the screen in the message
   * after `timeoutMs` (default 10 s) or as soon as the program exits without matching.
   */
  waitForText(matcher: ScreenMatcher, options?: { timeoutMs?: number }): Promise<string[]>;
  /** How the tty currently treats input (raw or line mode, echo, signal keys). */
  inputMode(): Promise<InputMode>;
  /**
   * Resolves once the program has switched the terminal to raw mode, i.e. it reads keys itself.
   * Wait for this before pressing Ctrl+C in a TUI: earlier, the tty turns it into SIGINT.
   */
  waitForRawInput(options?: { timeoutMs?: number }): Promise<void>;
  /** Resolves when the program exits and its last output is on screen; rejects after `timeoutMs`. */
  exit(options?: { timeoutMs?: number }): Promise<PtyExit>;
  /** Kills the program (SIGTERM by default) and waits for it to end. */
  kill(signal?: NodeJS.Signals): Promise<PtyExit>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** How often `waitForRawInput` asks `stty`; the tty offers no event for a mode change. */
const INPUT_MODE_POLL_MS = 10;

/** Starts `command` in a pty of the given size and renders its output into a headless terminal. */
export function startPty(options: StartPtyOptions): PtySession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 2 || rows < 2) {
    throw new Error(`startPty: cols and rows must be integers ≥ 2, got ${cols}×${rows}`);
  }
  const screen = new TerminalScreen(cols, rows);
  const pty = spawn(options.command, [...(options.args ?? [])], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: options.cwd,
    env: definedEntries(options.env),
  });
  return new RunningPty(pty, screen, `${options.command} ${(options.args ?? []).join(' ')}`.trim());
}

/** The screen-change and exit plumbing behind `PtySession`. */
class RunningPty implements PtySession {
  readonly pid: number;
  output = '';
  bytesWritten = 0;
  exited: PtyExit | undefined;
  readonly #pty: IPty;
  readonly #screen: TerminalScreen;
  readonly #label: string;
  readonly #ptsName: string;
  readonly #listeners = new Set<() => void>();
  readonly #exitPromise: Promise<PtyExit>;

  constructor(pty: IPty, screen: TerminalScreen, label: string) {
    this.pid = pty.pid;
    this.#pty = pty;
    this.#screen = screen;
    this.#label = label;
    // Present on Unix ptys though missing from node-pty's typings: the program's side, /dev/pts/N.
    this.#ptsName = (pty as IPty & { ptsName?: string }).ptsName ?? '';
    pty.onData((data) => {
      this.output += data;
      this.bytesWritten += Buffer.byteLength(data);
      screen.write(data, () => this.#notify());
    });
    // Replies to terminal queries (cursor position, device attributes) go back to the program.
    screen.onReply((data) => {
      if (this.exited === undefined) pty.write(data);
    });
    this.#exitPromise = new Promise((resolve) => {
      pty.onExit(({ exitCode, signal }) => {
        // node-pty reports exit after the last output was read; let the emulator apply it first.
        void screen.flush().then(() => {
          this.exited = { exitCode, signal: signal === 0 ? undefined : signal };
          resolve(this.exited);
          this.#notify();
        });
      });
    });
  }

  screen(): string[] {
    return this.#screen.lines();
  }

  screenText(): string {
    return this.screen().join('\n').trimEnd();
  }

  allLines(): string[] {
    return this.#screen.allLines();
  }

  cursor(): { x: number; y: number } {
    return this.#screen.cursor();
  }

  modes(): TerminalModes {
    return this.#screen.modes();
  }

  type(text: string): void {
    this.write(text);
  }

  paste(text: string): void {
    this.write(this.modes().bracketedPaste ? `\x1b[200~${text}\x1b[201~` : text);
  }

  press(key: string): void {
    this.write(keySequence(key, { applicationCursorKeys: this.modes().applicationCursorKeys }));
  }

  write(data: string): void {
    if (this.exited !== undefined) {
      throw new Error(`Cannot send input: ${this.#label} already exited (${describeExit(this.exited)}).`);
    }
    this.#pty.write(data);
  }

  resize(cols: number, rows: number): void {
    this.#screen.resize(cols, rows);
    if (this.exited === undefined) this.#pty.resize(cols, rows);
  }

  waitForText(matcher: ScreenMatcher, options: { timeoutMs?: number } = {}): Promise<string[]> {
    const matches = toPredicate(matcher);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const check = () => {
        // Mid-way through a synchronized update (`CSI ? 2026 h` … `l`) a real terminal still shows
        // the previous frame, so judge only complete frames.
        if (this.exited === undefined && this.#screen.modes().synchronizedOutput) return;
        const lines = this.screen();
        if (matches(lines)) {
          finish();
          resolve(lines);
        } else if (this.exited !== undefined) {
          finish();
          reject(this.#failure(`${describeMatcher(matcher)} never appeared: the program exited (${describeExit(this.exited)})`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(this.#failure(`Timed out after ${timeoutMs} ms waiting for ${describeMatcher(matcher)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.#listeners.delete(check);
      };
      this.#listeners.add(check);
      check();
    });
  }

  inputMode(): Promise<InputMode> {
    if (this.exited !== undefined) return Promise.reject(new Error(`${this.#label} already exited; its tty is gone.`));
    if (this.#ptsName === '') return Promise.reject(new Error('inputMode needs a Unix pty (node-pty gave no /dev/pts name).'));
    return readInputMode(this.#ptsName);
  }

  async waitForRawInput(options: { timeoutMs?: number } = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.exited !== undefined) {
        throw this.#failure(`${this.#label} exited (${describeExit(this.exited)}) before switching the terminal to raw mode`);
      }
      const mode = await this.inputMode().catch((error: unknown) => {
        // The program may end between the check above and stty reading its tty.
        if (this.exited !== undefined) return undefined;
        throw error;
      });
      if (mode?.raw) return;
      if (Date.now() > deadline) throw this.#failure(`${this.#label} did not switch the terminal to raw mode within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, INPUT_MODE_POLL_MS));
    }
  }

  async exit(options: { timeoutMs?: number } = {}): Promise<PtyExit> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.#failure(`${this.#label} did not exit within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.#exitPromise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<PtyExit> {
    if (this.exited === undefined) this.#pty.kill(signal);
    return this.#exitPromise;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if (this.exited === undefined) {
      this.#pty.kill('SIGKILL');
      await this.#exitPromise;
    }
    this.#screen.dispose();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  #failure(reason: string): Error {
    const lines = this.screen();
    const width = String(lines.length).length;
    const rendered = lines.map((line, index) => `${String(index + 1).padStart(width)}│${line}`).join('\n');
    const midFrame = this.#screen.modes().synchronizedOutput ? ', a synchronized update still open' : '';
    return new Error(`${reason}.\nScreen (${this.#screen.cols}×${this.#screen.rows}${midFrame}):\n${rendered}`);
  }
}

function toPredicate(matcher: ScreenMatcher): (lines: string[]) => boolean {
  if (typeof matcher === 'function') return matcher;
  if (typeof matcher === 'string') return (lines) => lines.some((line) => line.includes(matcher));
  return (lines) => matcher.test(lines.join('\n'));
}

function describeMatcher(matcher: ScreenMatcher): string {
  if (typeof matcher === 'function') return 'the screen condition';
  return typeof matcher === 'string' ? JSON.stringify(matcher) : String(matcher);
}

function describeExit(exit: PtyExit): string {
  return exit.signal === undefined ? `exit code ${exit.exitCode}` : `signal ${exit.signal}`;
}

function definedEntries(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}
