import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** What a finished capture holds for the model. */
export interface CapturedOutput {
  /** Head and tail when over the cap, everything otherwise; ANSI escapes removed. */
  readonly text: string;
  readonly totalBytes: number;
  readonly truncated: boolean;
  readonly binary: boolean;
  /** The full output, written once it went over the cap. */
  readonly logPath?: string;
}

// CSI, OSC and two-character escape sequences: colour, cursor movement, titles. Matching the
// ESC and BEL control characters is the point of this pattern.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

/** Removes terminal escape sequences so the model reads plain text. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/**
 * Collects a process's output within a byte cap: the first half of the cap is kept as the head and
 * a rolling window of the second half as the tail. When output first exceeds the cap everything
 * so far goes to a log file and the rest streams after it, so the full output is never lost.
 */
export class OutputCapture {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;
  private log: WriteStream | undefined;
  private logPath: string | undefined;
  private sawNul = false;

  constructor(
    private readonly maxBytes: number,
    private readonly logFile: () => string,
  ) {}

  /** Adds a chunk of output. */
  push(chunk: Buffer): void {
    if (this.total < 8192 && chunk.subarray(0, 8192 - this.total).includes(0)) this.sawNul = true;
    this.total += chunk.length;
    if (this.log) this.log.write(chunk);
    else if (this.total > this.maxBytes) this.openLog(chunk);
    const headRoom = Math.floor(this.maxBytes / 2) - this.headBytes;
    if (headRoom > 0) {
      const part = chunk.subarray(0, headRoom);
      this.head.push(part);
      this.headBytes += part.length;
      chunk = chunk.subarray(part.length);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    this.trimTail();
  }

  /** The output so far, for live display. */
  current(): string {
    return stripAnsi(this.render());
  }

  /** Closes the log file and returns what the model reads. */
  async finish(): Promise<CapturedOutput> {
    if (this.log) {
      const log = this.log;
      await new Promise<void>((resolve) => log.end(resolve));
    }
    return { text: this.sawNul ? '' : stripAnsi(this.render()), totalBytes: this.total, truncated: this.log !== undefined, binary: this.sawNul, logPath: this.logPath };
  }

  private render(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    if (!this.log) return head + Buffer.concat(this.tail).toString('utf8');
    const omitted = this.total - this.headBytes - this.tailBytes;
    return `${head}\n… [${omitted} bytes omitted] …\n${Buffer.concat(this.tail).toString('utf8')}`;
  }

  private trimTail(): void {
    const limit = this.maxBytes - Math.floor(this.maxBytes / 2);
    while (this.tailBytes > limit && this.tail.length > 0) {
      const first = this.tail[0] as Buffer;
      const excess = this.tailBytes - limit;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
      }
    }
  }

  private openLog(latest: Buffer): void {
    this.logPath = this.logFile();
    mkdirSync(path.dirname(this.logPath), { recursive: true });
    this.log = createWriteStream(this.logPath);
    // Nothing has been dropped yet: head and tail together are everything before this chunk.
    for (const part of [...this.head, ...this.tail]) this.log.write(part);
    this.log.write(latest);
  }
}
