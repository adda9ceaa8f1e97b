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

/** The status line: cwd and branch, provider/model, context left, approval mode, session tokens. */
export function Footer({ info, theme, width, message }: FooterProps) {
  const where = `${shortenHome(info.cwd)}${info.gitBranch ? ` (${info.gitBranch})` : ''}`;
  const contextLeft = info.contextWindow > 0 ? `${Math.max(0, Math.round(100 - (info.contextTokens / info.contextWindow) * 100))}% context left` : undefined;
  const right = [`${info.provider}/${info.model}`, contextLeft, `${formatTokens(info.sessionTokens)} tokens`].filter(Boolean).join(' · ');
  const modeColor = info.approvalMode === 'yolo' ? theme.colors.error : info.approvalMode === 'default' ? theme.colors.muted : theme.colors.warning;
  return (
    <Box width={width} justifyContent="space-between">
      <Text color={message ? theme.colors.warning : theme.colors.muted} wrap="truncate-middle">
        {message ?? where}
      </Text>
      <Text wrap="truncate-start">
        <Text color={modeColor}>{`${info.approvalMode.replace('_', '-')} (shift+tab)`}</Text>
        <Text color={theme.colors.muted}>{`  ${right}`}</Text>
      </Text>
    </Box>
  );
}
