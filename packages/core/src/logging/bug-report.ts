/**
 * `/bug`: a Markdown file the user can attach to an issue, with the version, OS, terminal, the
 * settings with every secret removed and the last lines of the debug log (redacted again: a line
 * written before a key was known still passes through the redactor now).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redactor } from '../redaction/redactor.js';

/** What goes into a bug report. */
export interface BugReportInput {
  /** alfred's version. */
  version: string;
  /** e.g. `linux 6.8.0 x64`. */
  os: string;
  /** e.g. `xterm-256color (TERM_PROGRAM=vscode)`, 120×40. */
  terminal: string;
  /** The merged settings as a plain object. */
  settings: unknown;
  /** The debug log to take the last lines from; a missing file is noted, not an error. */
  logFile?: string;
  /** Folder the report is written to (created if needed). */
  dir: string;
  redactor: Redactor;
  /** Further `name: value` lines (Node version, provider and model…). */
  details?: Record<string, string>;
  /** How many log lines to include (default 200). */
  logLines?: number;
  /** The time stamped on the report and its name. */
  now?: () => Date;
}

/** The last `count` lines of `file` and, when it is short, of its rotated predecessor. */
async function lastLogLines(file: string, count: number): Promise<string[] | undefined> {
  const read = async (name: string) => {
    try {
      return (await readFile(name, 'utf8')).split('\n').filter((line) => line !== '');
    } catch {
      return undefined;
    }
  };
  const current = await read(file);
  if (current === undefined) return undefined;
  if (current.length >= count) return current.slice(-count);
  const previous = (await read(`${file}.1`)) ?? [];
  return [...previous, ...current].slice(-count);
}

/** Writes the report and returns its path. */
export async function createBugReport(input: BugReportInput): Promise<string> {
  const { redactor } = input;
  const date = (input.now ?? (() => new Date()))();
  const lines = [
    '# alfred bug report',
    '',
    `- created: ${date.toISOString()}`,
    `- alfred: ${input.version}`,
    `- os: ${input.os}`,
    `- terminal: ${input.terminal}`,
    ...Object.entries(input.details ?? {}).map(([name, value]) => `- ${name}: ${value}`),
    '',
    '## Settings (secrets removed)',
    '',
    '```json',
    JSON.stringify(redactor.redactValue(input.settings ?? {}), null, 2),
    '```',
    '',
  ];
  const count = input.logLines ?? 200;
  const log = input.logFile ? await lastLogLines(input.logFile, count) : undefined;
  if (log === undefined) {
    lines.push('## Debug log', '', input.logFile ? `No debug log at ${input.logFile}: run alfred with --debug to record one.` : 'Debug logging was off: run alfred with --debug to record one.', '');
  } else {
    lines.push(`## Last ${log.length} debug log lines`, '', '```', ...log.map((line) => redactor.redact(line)), '```', '');
  }
  await mkdir(input.dir, { recursive: true, mode: 0o700 });
  const stamp = date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = path.join(input.dir, `alfred-bug-${stamp}.md`);
  await writeFile(file, redactor.redact(lines.join('\n')), { mode: 0o600 });
  return file;
}

/** The OS and terminal lines of a report, from this process. */
export function describeSystem(
  env: Readonly<Record<string, string | undefined>> = process.env,
  screen: { columns?: number; rows?: number } = process.stdout,
): { os: string; terminal: string; node: string } {
  const os = `${process.platform} ${process.arch}`;
  const program = env['TERM_PROGRAM'] ? ` (${env['TERM_PROGRAM']}${env['TERM_PROGRAM_VERSION'] ? ` ${env['TERM_PROGRAM_VERSION']}` : ''})` : '';
  const size = screen.columns && screen.rows ? `, ${screen.columns}×${screen.rows}` : '';
  return { os, terminal: `${env['TERM'] ?? 'unknown'}${program}${size}`, node: process.version };
}
