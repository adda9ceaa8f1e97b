/**
 * Reads session files defensively: a torn last line (the process died mid-write) is skipped
 * silently, a bad line elsewhere is reported and skipped, and an empty file is an empty session.
 */
import { closeSync, openSync, readSync, fstatSync } from 'node:fs';
import { parseRecordLine, type SessionRecord } from './session-records.js';

/** A line that could not be used, with its 1-based line number. */
export interface RecordIssue {
  line: number;
  reason: string;
}

/** What reading a session file (or the part of it after `fromByte`) found. */
export interface RecordScan {
  records: SessionRecord[];
  /** Bad lines in the middle of the file. */
  issues: RecordIssue[];
  /** The last line was incomplete and was left out. */
  tornTail: boolean;
  /** The byte offset just after the last complete line read: where the next scan starts. */
  endByte: number;
  /** The file's size when it was read. */
  size: number;
  /** Whether the file ends with a newline (appending needs one first when it does not). */
  endsWithNewline: boolean;
}

function readBytes(file: string, fromByte: number): { data: Buffer; size: number } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.max(0, size - fromByte);
    const data = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const count = readSync(fd, data, read, length - read, fromByte + read);
      if (count === 0) break;
      read += count;
    }
    return { data: data.subarray(0, read), size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the records of `file` from byte `fromByte` (a line boundary from an earlier scan's
 * `endByte`) to the end. `firstLine` numbers the lines for reports when reading from an offset.
 */
export function scanSessionFile(file: string, fromByte = 0, firstLine = 1): RecordScan {
  const { data, size } = readBytes(file, fromByte);
  const records: SessionRecord[] = [];
  const issues: RecordIssue[] = [];
  let tornTail = false;
  let start = 0;
  let line = firstLine;
  let endByte = fromByte;
  while (start < data.length) {
    const newline = data.indexOf(10, start);
    const last = newline === -1;
    const text = data.toString('utf8', start, last ? data.length : newline);
    const parsed = text.trim() === '' ? undefined : parseRecordLine(text);
    if (typeof parsed === 'object') {
      records.push(parsed);
      endByte = fromByte + (last ? data.length : newline + 1);
    } else if (typeof parsed === 'string') {
      if (last) tornTail = true;
      else issues.push({ line, reason: parsed });
    }
    if (!last && typeof parsed !== 'object') endByte = fromByte + newline + 1;
    if (last) break;
    start = newline + 1;
    line += 1;
  }
  const endsWithNewline = data.length === 0 || data[data.length - 1] === 10;
  return { records, issues, tornTail, endByte, size, endsWithNewline };
}
