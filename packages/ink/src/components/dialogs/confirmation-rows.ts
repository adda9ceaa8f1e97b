import type { ConfirmationView } from '@alfred/core';
import type { ToolCallView } from '../../state/history-items.js';
import { sanitizeText } from '../../state/sanitize.js';
import type { Palette } from '../../theme/paint.js';
import { diffRows } from '../transcript/diff-rows.js';

/** How many diff rows the dialog shows before saying how many more there are. */
const DIALOG_DIFF_ROWS = 24;

/** What the dialog says will happen, row by row; everything untrusted is sanitised. */
export function confirmationRows(view: ConfirmationView, call: ToolCallView | undefined, palette: Palette): string[] {
  const title = call ? `${palette.accent.bold(sanitizeText(call.name))} ${sanitizeText(call.description)}` : '';
  const rows = title === '' ? [] : [title, ''];
  switch (view.type) {
    case 'exec': {
      rows.push(palette.muted('Command:'), `  ${palette.warning(sanitizeText(view.visibleCommand || view.command))}`);
      if (view.subCommands.length > 1) {
        rows.push(palette.muted('Runs each of:'), ...view.subCommands.map((command) => `  • ${sanitizeText(command)}`));
      }
      return rows;
    }
    case 'edit':
      rows.push(palette.muted(`${view.isNewFile ? 'Create' : 'Edit'} ${sanitizeText(view.path)}`));
      return [...rows, ...diffRows(view.diff, palette, DIALOG_DIFF_ROWS)];
    case 'fetch':
      return [...rows, palette.muted('Fetch:'), ...view.urls.map((url) => `  ${palette.link(sanitizeText(url))}`)];
    case 'mcp':
      return [
        ...rows,
        `${palette.muted('MCP server:')} ${sanitizeText(view.server)}`,
        `${palette.muted('Tool:')} ${sanitizeText(view.tool)}`,
        palette.muted('Arguments:'),
        ...sanitizeText(JSON.stringify(view.args, null, 2)).split('\n').map((line) => `  ${line}`),
      ];
    case 'info':
      return [...rows, ...sanitizeText(view.text).split('\n')];
  }
}

export const CONFIRMATION_CHOICES = [
  { key: '1', label: 'Yes, once' },
  { key: '2', label: 'Yes, always this session' },
  { key: '3', label: 'Yes, always (save to settings)' },
  { key: '4', label: 'Modify the arguments' },
  { key: '5', label: 'No, and tell alfred why' },
] as const;
