/**
 * Appends records to a session file, one synchronous write per record: a `kill -9` loses at most
 * the record being written, because each completed write is in the kernel's page cache. A failed
 * write (a full disk, a removed folder) turns recording off with one warning instead of failing the
 * session the user is working in.
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { SessionRecord } from './session-records.js';

/** Called once when recording stops because a write failed. */
export type RecordingWarning = (message: string, error: unknown) => void;

/** Options of {@link SessionWriter}. */
export interface SessionWriterOptions {
  file: string;
  /** `create` refuses an existing file; `append` continues one. */
  mode: 'create' | 'append';
  /** The file does not end with a newline (a torn last line): start on a fresh line. */
  needsNewline?: boolean;
  onWarning?: RecordingWarning;
}

/** An open session file. */
export class SessionWriter {
  readonly file: string;
  private fd: number | undefined;
  private failure: string | undefined;
  private readonly onWarning: RecordingWarning | undefined;

  constructor(options: SessionWriterOptions) {
    this.file = options.file;
    this.onWarning = options.onWarning;
    this.fd = openSync(options.file, options.mode === 'create' ? 'wx' : 'a', 0o600);
    if (options.needsNewline) this.writeRaw('\n');
  }

  /** False after a write failed or the writer was closed. */
  get enabled(): boolean {
    return this.fd !== undefined && this.failure === undefined;
  }

  /** Why recording stopped, if it did. */
  get warning(): string | undefined {
    return this.failure;
  }

  /** Appends one record as one line. */
  append(record: SessionRecord): void {
    if (!this.enabled) return;
    this.writeRaw(`${JSON.stringify(record)}\n`);
  }

  /** Flushes to the disk itself (a turn boundary); page-cache writes already survive a crash. */
  sync(): void {
    if (!this.enabled || this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch (error) {
      this.fail(error);
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      closeSync(fd);
    } catch {
      // Closing can only fail on a descriptor that is already gone; nothing is left to save.
    }
  }

  private writeRaw(text: string): void {
    if (this.fd === undefined) return;
    try {
      const data = Buffer.from(text);
      let written = 0;
      while (written < data.length) written += writeSync(this.fd, data, written);
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.failure !== undefined) return;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOSPC' ? 'the disk is full' : error instanceof Error ? error.message : String(error);
    this.failure = `Session recording stopped: ${reason}. The session goes on but is no longer saved to ${this.file}.`;
    this.onWarning?.(this.failure, error);
  }
}
