import type { ToolCallStatus } from '@alfred/core';
import stringWidth from 'string-width';
import type { ToolCallView } from '../../state/history-items.js';
import { sanitizeText, sanitizeToolOutput } from '../../state/sanitize.js';
import type { Palette } from '../../theme/paint.js';
import { boxRows, truncateRow } from './box.js';
import { diffRows } from './diff-rows.js';
import { formatDuration } from './format.js';

/** How many lines of live output a running tool shows, and of result text a finished one shows. */
const LIVE_TAIL_LINES = 6;
const RESULT_TEXT_LINES = 8;
const DIFF_ROWS = 40;

const STATUS_LABEL: Record<ToolCallStatus, string> = {
  pending: 'pending',
  awaiting_approval: 'awaiting approval',
  running: 'running',
  completed: 'done',
  error: 'failed',
  cancelled: 'cancelled',
};

function statusIcon(status: ToolCallStatus, palette: Palette): string {
  switch (status) {
    case 'pending':
      return palette.muted('○');
    case 'awaiting_approval':
      return palette.warning('?');
    case 'running':
      return palette.accent('●');
    case 'completed':
      return palette.success('✓');
    case 'error':
      return palette.error('✗');
    case 'cancelled':
      return palette.muted('⊘');
  }
}

function lastLines(text: string, count: number): string[] {
  const lines = text.replace(/\n+$/, '').split('\n');
  return lines.slice(-count);
}

function callDetailRows(call: ToolCallView, palette: Palette): string[] {
  if (call.status === 'running' && call.outputTail !== '') {
    return lastLines(sanitizeToolOutput(call.outputTail), LIVE_TAIL_LINES).map((line) => palette.muted(`  │ ${line}`));
  }
  const rows: string[] = [];
  if (call.result) {
    const summary = sanitizeText(call.result.summary);
    rows.push(`  ${call.status === 'error' ? palette.error(summary) : palette.muted(summary)}`);
    if (call.result.diff) rows.push(...diffRows(call.result.diff, palette, DIFF_ROWS).map((row) => `  ${row}`));
    else if (call.result.text && (call.status === 'error' || call.kind === 'execute')) {
      rows.push(...lastLines(sanitizeToolOutput(call.result.text), RESULT_TEXT_LINES).map((line) => palette.muted(`  │ ${line}`)));
    }
  }
  if (call.outcome?.kind === 'cancel' && call.outcome.reason) rows.push(palette.muted(`  declined: ${sanitizeText(call.outcome.reason)}`));
  return rows;
}

/** The header row of one call: icon, tool name, description, and status or duration at the right. */
function callHeaderRow(call: ToolCallView, palette: Palette, width: number): string {
  const right = call.durationMs === undefined ? STATUS_LABEL[call.status] : `${STATUS_LABEL[call.status]} · ${formatDuration(call.durationMs)}`;
  const left = `${statusIcon(call.status, palette)} ${palette.accent.bold(sanitizeText(call.name))} ${sanitizeText(call.description)}`;
  const room = Math.max(8, width - right.length - 2);
  const fitted = truncateRow(left.replaceAll('\n', ' '), room);
  const gap = Math.max(1, width - right.length - stringWidth(fitted));
  return `${fitted}${' '.repeat(gap)}${palette.muted(right)}`;
}

/** A group of tool calls as one box, each call a header row plus its output, diff or result. */
export function toolGroupRows(calls: ToolCallView[], palette: Palette, width: number): string[] {
  const inner = Math.max(4, width - 4);
  const rows = calls.flatMap((call) => [callHeaderRow(call, palette, inner), ...callDetailRows(call, palette)]);
  const anyAttention = calls.some((call) => call.status === 'awaiting_approval');
  return boxRows(rows, width, anyAttention ? palette.warning : palette.border);
}
