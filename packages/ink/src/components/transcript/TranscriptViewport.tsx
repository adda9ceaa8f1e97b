import { Box, Text } from 'ink';
import type { TranscriptWindow } from './transcript-window.js';

interface TranscriptViewportProps {
  window: TranscriptWindow;
  height: number;
}

/** The full-screen transcript: exactly `height` rows, the window's rows at the bottom. */
export function TranscriptViewport({ window, height }: TranscriptViewportProps) {
  return (
    <Box height={height} flexDirection="column" justifyContent="flex-end" overflow="hidden" flexShrink={0}>
      <Text>{window.rows.join('\n')}</Text>
    </Box>
  );
}
