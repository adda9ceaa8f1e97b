import xtermHeadless from '@xterm/headless';

// @xterm/headless is CommonJS: its named export is reachable through the default import only.
const { Terminal } = xtermHeadless;
type HeadlessTerminal = InstanceType<typeof Terminal>;

/** Terminal modes a program sets and must restore when it exits, as the emulator sees them. */
export interface TerminalModes {
  /** DECTCEM (`CSI ? 25 h/l`). */
  cursorVisible: boolean;
  /** The alternate screen buffer (`CSI ? 1049 h`) is active. */
  alternateScreen: boolean;
  bracketedPaste: boolean;
  applicationCursorKeys: boolean;
  mouseTracking: 'none' | 'x10' | 'vt200' | 'drag' | 'any';
  focusReporting: boolean;
  synchronizedOutput: boolean;
}

/**
 * A headless xterm that renders what a program writes, so tests read the screen a person would
 * see rather than raw bytes (which cannot tell whether text is still on screen).
 */
export class TerminalScreen {
  readonly #terminal: HeadlessTerminal;
  #cursorVisible = true;
  #pendingWrites = 0;

  constructor(cols: number, rows: number) {
    this.#terminal = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 10_000 });
    // xterm keeps DECTCEM private, so watch for it; returning false lets xterm handle it too.
    for (const final of ['h', 'l'] as const) {
      this.#terminal.parser.registerCsiHandler({ prefix: '?', final }, (params) => {
        if (params.includes(25)) this.#cursorVisible = final === 'h';
        return false;
      });
    }
  }

  /** Feeds program output; `onParsed` runs once the emulator has applied it. */
  write(data: string, onParsed?: () => void): void {
    this.#pendingWrites += 1;
    this.#terminal.write(data, () => {
      this.#pendingWrites -= 1;
      onParsed?.();
    });
  }

  /** Resolves when everything written so far has been parsed. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.#terminal.write('', resolve));
  }

  /** Whether writes are still waiting to be parsed. */
  get busy(): boolean {
    return this.#pendingWrites > 0;
  }

  /** Subscribes to bytes the emulator answers with (replies to queries such as `CSI 6 n`). */
  onReply(listener: (data: string) => void): { dispose(): void } {
    return this.#terminal.onData(listener);
  }

  /** The visible lines, right-trimmed. */
  lines(): string[] {
    const buffer = this.#terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < this.#terminal.rows; row += 1) {
      lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /** Scrollback and screen of the active buffer, right-trimmed, oldest first. */
  allLines(): string[] {
    const buffer = this.#terminal.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < buffer.length; row += 1) {
      lines.push(buffer.getLine(row)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /** Cursor position on the visible screen, zero-based. */
  cursor(): { x: number; y: number } {
    const buffer = this.#terminal.buffer.active;
    return { x: buffer.cursorX, y: buffer.cursorY };
  }

  modes(): TerminalModes {
    const modes = this.#terminal.modes;
    return {
      cursorVisible: this.#cursorVisible,
      alternateScreen: this.#terminal.buffer.active.type === 'alternate',
      bracketedPaste: modes.bracketedPasteMode,
      applicationCursorKeys: modes.applicationCursorKeysMode,
      mouseTracking: modes.mouseTrackingMode,
      focusReporting: modes.sendFocusMode,
      synchronizedOutput: modes.synchronizedOutputMode,
    };
  }

  get cols(): number {
    return this.#terminal.cols;
  }

  get rows(): number {
    return this.#terminal.rows;
  }

  resize(cols: number, rows: number): void {
    this.#terminal.resize(cols, rows);
  }

  dispose(): void {
    this.#terminal.dispose();
  }
}
