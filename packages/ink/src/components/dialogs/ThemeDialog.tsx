import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatestState } from '../../hooks/use-latest-state.js';
import { diffRows } from '../transcript/diff-rows.js';
import { paletteOf } from '../../theme/paint.js';
import { THEMES, type Theme } from '../../theme/themes.js';

interface ThemeDialogProps {
  current: Theme;
  width: number;
  onChoose(theme: Theme | undefined): void;
}

const PREVIEW_DIFF = '@@ -1,2 +1,2 @@\n-const greeting = "hello";\n+const greeting = "hello, world";\n console.log(greeting);';

/** Up/Down to preview a theme, Enter or its number to keep it, Esc to go back to the current one. */
export function ThemeDialog({ current, width, onChoose }: ThemeDialogProps) {
  const [index, setIndex, latestIndex] = useLatestState(Math.max(0, THEMES.indexOf(current)));
  const theme = THEMES[index] ?? current;
  useKeys((input, key) => {
    const at = latestIndex();
    const numbered = /^[1-9]$/.test(input) ? THEMES[Number(input) - 1] : undefined;
    if (numbered) onChoose(numbered);
    else if (key.upArrow || key.downArrow) setIndex((at + (key.upArrow ? -1 : 1) + THEMES.length) % THEMES.length);
    else if (key.return) onChoose(THEMES[at] ?? current);
    else if (key.escape) onChoose(undefined);
  });
  const palette = paletteOf(theme);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.colors.accent} paddingX={1} width={width}>
      <Text bold>Theme</Text>
      {THEMES.map((candidate, at) => (
        <Text key={candidate.name} color={at === index ? theme.colors.accent : undefined}>
          {at === index ? '› ' : '  '}
          <Text color={theme.colors.muted}>{`${at + 1} `}</Text>
          {candidate.name} <Text color={theme.colors.muted}>({candidate.appearance})</Text>
        </Text>
      ))}
      <Text>{['', palette.heading.bold('Preview'), `${palette.success('✓')} ${palette.accent.bold('edit')} src/app.ts`, ...diffRows(PREVIEW_DIFF, palette)].join('\n')}</Text>
      <Text color={theme.colors.muted}>{`↑↓ preview · enter or 1-${THEMES.length} choose · esc cancel`}</Text>
    </Box>
  );
}
