import { Box, Text } from 'ink';
import type { TrustLevel } from '../../app/session-controller.js';
import type { Theme } from '../../theme/themes.js';
import { SelectList } from './SelectList.js';

interface TrustDialogProps {
  folder: string;
  theme: Theme;
  width: number;
  onChoose(level: TrustLevel): void;
}

const CHOICES: Array<{ key: TrustLevel; label: string; detail: string }> = [
  { key: 'TRUST_FOLDER', label: '1 Trust this folder', detail: 'read its settings, commands and ALFRED.md' },
  { key: 'TRUST_PARENT', label: '2 Trust the parent folder', detail: 'and every folder in it' },
  { key: 'DO_NOT_TRUST', label: "3 Don't trust", detail: 'project settings, commands and MCP servers stay off' },
];

/** First run in a folder: whether alfred may use what the folder configures. Esc means "don't trust". */
export function TrustDialog({ folder, theme, width, onChoose }: TrustDialogProps) {
  return (
    <Box flexDirection="column" width={width}>
      <Box paddingX={1} flexDirection="column">
        <Text color={theme.colors.warning} bold>
          Do you trust the files in this folder?
        </Text>
        <Text wrap="truncate-middle">{folder}</Text>
        <Text color={theme.colors.muted}>
          A trusted folder&apos;s .alfred settings, custom commands, hooks and MCP servers can run code on this machine.
        </Text>
      </Box>
      <SelectList
        title="Folder trust"
        items={CHOICES}
        theme={theme}
        width={width}
        filterable={false}
        hint="↑↓ or 1-3 · enter choose · esc don't trust"
        onChoose={(item) => onChoose(item.key)}
        onCancel={() => onChoose('DO_NOT_TRUST')}
        onKey={(input) => {
          const choice = /^[1-3]$/.test(input) ? CHOICES[Number(input) - 1] : undefined;
          if (choice) onChoose(choice.key);
          return choice !== undefined;
        }}
      />
    </Box>
  );
}
