import { Box, Text } from 'ink';
import type { TranscriptSearch } from '../../app/use-transcript-search.js';
import type { Theme } from '../../theme/themes.js';

/** The Ctrl+F prompt, drawn where the composer is while a search is open. */
export function SearchBar({ search, theme, width }: { search: TranscriptSearch; theme: Theme; width: number }) {
  const count = search.matches.length;
  const position = search.query === '' ? '' : count === 0 ? 'no match' : `${search.current + 1} of ${count}`;
  return (
    <Box borderStyle="round" borderColor={theme.colors.info} paddingX={1} width={width} justifyContent="space-between">
      <Text>
        <Text color={theme.colors.info}>{'search: '}</Text>
        {search.query}
        <Text inverse> </Text>
      </Text>
      <Text color={theme.colors.muted}>{`${position}  ↑/enter older · ↓ newer · esc close`}</Text>
    </Box>
  );
}
