import { Box, Text } from 'ink';
import { VERSION } from '../cli/version.js';

/** The greeting at the top of a session. */
export function Banner() {
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text bold color="cyan">
        alfred <Text dimColor>v{VERSION}</Text>
      </Text>
      <Text dimColor>Ask anything. @path adds a file, /help lists commands, !cmd runs a shell command.</Text>
    </Box>
  );
}
