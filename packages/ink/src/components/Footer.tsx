import { Box, Text } from 'ink';

interface FooterProps {
  cwd: string;
  model: string | undefined;
  quitArmed: boolean;
}

/** The status line under the composer. */
export function Footer({ cwd, model, quitArmed }: FooterProps) {
  return (
    <Box justifyContent="space-between">
      <Text dimColor>{cwd}</Text>
      <Text dimColor>{quitArmed ? 'press Ctrl+C again to quit' : (model ?? 'no model selected')}</Text>
    </Box>
  );
}
