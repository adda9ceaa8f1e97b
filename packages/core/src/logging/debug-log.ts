/**
 * The debug log (`-d/--debug` or the `debug` setting): structured JSON lines with a level, a
 * component, an optional request id and timings, under `$ALFRED_HOME/logs/`, rotated by size and
 * redacted like every other export. Writes are synchronous so the lines before a crash are on
 * disk when `/bug` reads them; the log is off by default, so the cost is paid only when asked for.
 */
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Redactor } from '../redaction/redactor.js';

/** Severity, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: Readonly<Record<LogLevel, number>> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Structured fields of a line. `component` and `requestId` are bound with `child()`. */
export type LogFields = Record<string, unknown>;

/** What components log through. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger whose lines carry `bindings` too (`{ component: 'provider', requestId }`). */
  child(bindings: LogFields): Logger;
  /** Starts a timer; calling the result logs `message` with `durationMs`. */
  time(message: string, fields?: LogFields): (fields?: LogFields, level?: LogLevel) => void;
}

/** The open log file. */
export interface DebugLog extends Logger {
  /** The current file (`<dir>/debug.log`). */
  readonly file: string;
  close(): void;
}

/** Options of `openDebugLog`. */
export interface DebugLogOptions {
  /** Usually `resolveAlfredPaths(env).logs`. */
  dir: string;
  redactor: Redactor;
  /** Lines below this level are dropped (default `debug`). */
  level?: LogLevel;
  /** Rotate when the file would grow past this (default 5 MiB). */
  maxBytes?: number;
  /** Rotated files kept besides the current one: `debug.log.1` … `debug.log.N` (default 3). */
  maxFiles?: number;
  /** Milliseconds since the epoch (tests pass their own). */
  now?: () => number;
}

/** The file name of the current debug log. */
export const DEBUG_LOG_FILE = 'debug.log';

/** A short id that ties a model request's lines together (`req_1f2e3d4c`). */
export function newRequestId(): string {
  return `req_${randomBytes(4).toString('hex')}`;
}

/** A logger that drops everything, for when debug logging is off. */
export const NOOP_LOGGER: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => NOOP_LOGGER,
  time: () => () => undefined,
};

class RotatingFile {
  private fd: number;
  private size: number;

  constructor(
    readonly file: string,
    private readonly maxBytes: number,
    private readonly maxFiles: number,
  ) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.fd = openSync(file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  write(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    writeSync(this.fd, line);
    this.size += bytes;
  }

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    closeSync(this.fd);
    rmSync(`${this.file}.${this.maxFiles}`, { force: true });
    for (let index = this.maxFiles - 1; index >= 1; index -= 1) {
      try {
        renameSync(`${this.file}.${index}`, `${this.file}.${index + 1}`);
      } catch {
        // Fewer rotated files than the limit so far.
      }
    }
    if (this.maxFiles > 0) renameSync(this.file, `${this.file}.1`);
    else rmSync(this.file, { force: true });
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = 0;
  }
}

/** Opens (appends to) `<dir>/debug.log`. */
export function openDebugLog(options: DebugLogOptions): DebugLog {
  const output = new RotatingFile(path.join(options.dir, DEBUG_LOG_FILE), options.maxBytes ?? 5 * 1024 * 1024, options.maxFiles ?? 3);
  const threshold = LEVELS[options.level ?? 'debug'];
  const now = options.now ?? Date.now;
  const { redactor } = options;
  let closed = false;

  const emit = (level: LogLevel, bindings: LogFields, message: string, fields: LogFields | undefined): void => {
    if (closed || LEVELS[level] < threshold) return;
    const record = { time: new Date(now()).toISOString(), level, ...bindings, msg: message, ...fields };
    try {
      output.write(`${JSON.stringify(redactor.redactValue(record))}\n`);
    } catch {
      // A full disk must not take the session down with it; the line is lost.
    }
  };

  const loggerWith = (bindings: LogFields): Logger => ({
    debug: (message, fields) => emit('debug', bindings, message, fields),
    info: (message, fields) => emit('info', bindings, message, fields),
    warn: (message, fields) => emit('warn', bindings, message, fields),
    error: (message, fields) => emit('error', bindings, message, fields),
    child: (more) => loggerWith({ ...bindings, ...more }),
    time: (message, fields) => {
      const started = now();
      return (endFields, level = 'debug') => emit(level, bindings, message, { ...fields, ...endFields, durationMs: now() - started });
    },
  });

  return {
    ...loggerWith({}),
    file: output.file,
    close: () => {
      if (closed) return;
      closed = true;
      output.close();
    },
  };
}
