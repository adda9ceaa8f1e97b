import { Box, Text } from 'ink';
import type { ComposerView } from '../../hooks/use-composer.js';
import { paletteOf } from '../../theme/paint.js';
import type { Theme } from '../../theme/themes.js';

interface ComposerProps {
  view: ComposerView;
  theme: Theme;
  width: number;
  placeholder?: string;
}

const SHELL_PLACEHOLDER = 'a shell command, run in the workspace · esc or backspace leaves shell mode';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Splits the text at the cursor so the character under it can be drawn inverse. */
function withCursor(text: string, cursor: number): [string, string, string] {
  const before = text.slice(0, cursor);
  const after = text.slice(cursor);
  const first = graphemes.segment(after)[Symbol.iterator]().next();
  const grapheme = first.done === true ? '' : first.value.segment;
  if (grapheme === '' || grapheme === '\n') return [before, ' ', after];
  return [before, grapheme, after.slice(grapheme.length)];
}

/** The prompt box: the text with its cursor, then search or completion rows under it. */
export function Composer({ view, theme, width, placeholder }: ComposerProps) {
  const palette = paletteOf(theme);
  const { buffer, shell, search, completions, selected, above, below, hint } = view;
  const muted = (text: string) => (
    <Box paddingX={2}>
      <Text color={theme.colors.muted} wrap="truncate-end">{text}</Text>
    </Box>
  );
  const marker = shell ? '! ' : '> ';
  const [before, under, after] = withCursor(buffer.text, buffer.cursor);
  const borderColor = shell ? theme.colors.warning : theme.colors.accent;
  return (
    <Box flexDirection="column" width={width}>
      <Box borderStyle="round" borderColor={borderColor} paddingX={1} width={width}>
        <Text color={borderColor}>{marker}</Text>
        <Box flexGrow={1}>
          {search ? (
            <Text>
              {palette.muted(`(reverse-i-search)\`${search.query}': `)}
              {search.matchText ?? ''}
            </Text>
          ) : buffer.text === '' && placeholder ? (
            <Text>
              <Text inverse> </Text>
              <Text color={theme.colors.muted}>{shell ? SHELL_PLACEHOLDER : placeholder}</Text>
            </Text>
          ) : (
            <Text>
              {before}
              <Text inverse>{under}</Text>
              {after}
            </Text>
          )}
        </Box>
      </Box>
      {above > 0 ? muted(`↑ ${above} more`) : null}
      {completions.map((completion, index) => (
        <Box key={completion.value} paddingX={2}>
          <Text color={index === selected ? theme.colors.accent : theme.colors.text} bold={index === selected} wrap="truncate-end">
            {completion.label}
            {completion.description ? <Text color={theme.colors.muted}>{`  ${completion.description}`}</Text> : null}
          </Text>
        </Box>
      ))}
      {below > 0 ? muted(`↓ ${below} more`) : null}
      {hint ? muted(hint) : null}
    </Box>
  );
}
