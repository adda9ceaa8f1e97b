import { Box, Text } from 'ink';
import type { TranscriptWindow } from './transcript-window.js';

interface TranscriptViewportProps {
  window: TranscriptWindow;
  height: number;
  /** A row drawn over the view's last one (the "new lines" marker). */
  marker?: string | undefined;
}

/** The full-screen transcript: exactly `height` rows, the window's rows at the bottom. */
export function TranscriptViewport({ window, height, marker }: TranscriptViewportProps) {
  const rows = marker === undefined || window.rows.length === 0 ? window.rows : [...window.rows.slice(0, -1), marker];
  return (
    <Box height={height} flexDirection="column" justifyContent="flex-end" overflow="hidden" flexShrink={0}>
      <Text>{rows.join('\n')}</Text>
    </Box>
  );
}
