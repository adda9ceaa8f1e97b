import { Box, Text } from 'ink';
import type { SessionInfo } from '../app/session-controller.js';
import type { Theme } from '../theme/themes.js';
import { formatTokens } from './transcript/format.js';

interface FooterProps {
  info: SessionInfo;
  theme: Theme;
  width: number;
  /** A transient message that replaces the left side ("press Ctrl+C again to quit"). */
  message?: string | undefined;
}

function shortenHome(path: string): string {
  const home = process.env['HOME'];
  return home && path.startsWith(home) ? `~${path.slice(home.length)}` : path;
}

/** Keeps the end of a path (the folder name matters most), cutting from the start. */
function fitStart(text: string, width: number): string {
  if (width <= 1) return '';
  return text.length <= width ? text : `…${text.slice(text.length - width + 1)}`;
}

/**
 * The status line: cwd and branch, provider/model, context left, approval mode, session tokens.
 * On a narrow terminal the least useful parts go first (tokens, then context), and the path keeps
 * its end, so the folder name stays readable.
 */
export function Footer({ info, theme, width, message }: FooterProps) {
  const where = `${shortenHome(info.cwd)}${info.gitBranch ? ` (${info.gitBranch})` : ''}`;
  const contextLeft = info.contextWindow > 0 ? `${Math.max(0, Math.round(100 - (info.contextTokens / info.contextWindow) * 100))}% context left` : undefined;
  const mode = `${info.approvalMode.replace('_', '-')} (shift+tab)`;
  const parts = [`${info.provider}/${info.model}`, contextLeft, `${formatTokens(info.sessionTokens)} tokens`].filter((part): part is string => Boolean(part));
  let right = `  ${parts.join(' · ')}`;
  // Figures go only when they would squeeze the folder name below what keeps it readable.
  const folderRoom = Math.min(where.length, Math.max(15, Math.floor(width * 0.3)));
  while (parts.length > 1 && mode.length + right.length + folderRoom + 1 > width) {
    parts.pop();
    right = `  ${parts.join(' · ')}`;
  }
  const leftWidth = Math.max(0, width - mode.length - right.length - 1);
  const modeColor = info.approvalMode === 'yolo' ? theme.colors.error : info.approvalMode === 'default' ? theme.colors.muted : theme.colors.warning;
  return (
    <Box width={width} justifyContent="space-between">
      <Text color={message ? theme.colors.warning : theme.colors.muted} wrap="truncate-end">
        {message ?? fitStart(where, leftWidth)}
      </Text>
      <Text wrap="truncate-end">
        <Text color={modeColor}>{mode}</Text>
        <Text color={theme.colors.muted}>{right}</Text>
      </Text>
    </Box>
  );
}
