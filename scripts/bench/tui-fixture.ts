/**
 * Shared by the tui-* benches: the built `alfred` in a 120×40 pty playing a scripted answer
 * (ALFRED_SCRIPTED_EVENTS), and what the process used, read from /proc.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startAlfred, type PtySession, type TempWorkspace } from '../../packages/testkit/src/index.js';

export const COLS = 120;
export const ROWS = 40;
export const END_MARKER = 'END-OF-ANSWER';

/** About `bytes` of markdown: headings, paragraphs, lists and fenced code, like a long answer. */
export function markdownAnswer(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let section = 0; size < bytes; section++) {
    const block = [
      `## Section ${section}`,
      `The parser reads tokens from the stream and builds nodes; section ${section} explains how errors are reported with their line and column, and why recovery skips to the next statement.`,
      `- first point about section ${section}\n- second point with \`inline code\`\n- third point`,
      '```ts\nexport function parse(input: string): Node[] {\n  const tokens = tokenize(input);\n  return tokens.map((token) => toNode(token));\n}\n```',
    ].join('\n\n');
    parts.push(block);
    size += block.length + 2;
  }
  return `${parts.join('\n\n')}\n\n${END_MARKER}`;
}

/** The answer as text deltas of `chunk` characters, then `done`. */
export function streamingScript(answer: string, chunk = 200): unknown[] {
  const steps: unknown[] = [];
  for (let start = 0; start < answer.length; start += chunk) steps.push({ type: 'text_delta', text: answer.slice(start, start + chunk) });
  steps.push({ type: 'usage', usage: { input: 1000, output: 15000 }, contextTokens: 16000, contextWindow: 200000 }, { type: 'done', reason: 'stop' });
  return steps;
}

export async function startScripted(workspace: TempWorkspace, scripts: unknown[][], args: string[] = []): Promise<PtySession> {
  const file = path.join(workspace.root, 'script.json');
  await writeFile(file, JSON.stringify({ scripts }));
  return startAlfred({ cwd: workspace.root, env: workspace.env({ ALFRED_SCRIPTED_EVENTS: file }), cols: COLS, rows: ROWS, args });
}

/** CPU seconds (user + system) the process used so far. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Peak and current resident memory in MB. */
export function memoryMb(pid: number): { peak: number; current: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kb('VmHWM') / 1024, current: kb('VmRSS') / 1024 };
}

/** The composer is drawn and waiting. */
export function isReady(lines: string[]): boolean {
  return lines.some((line) => line.includes('Ask alfred'));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
