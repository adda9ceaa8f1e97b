import { Box, Text } from 'ink';
import type { SettingEntry, SettingScope } from '../../app/session-controller.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatestState } from '../../hooks/use-latest-state.js';
import { sanitizeText } from '../../state/sanitize.js';
import type { Theme } from '../../theme/themes.js';
import { bufferOf, type ComposerBuffer } from '../composer/composer-buffer.js';
import { editField, FieldText } from './text-field.js';
import { SelectList } from './SelectList.js';

interface SettingsDialogProps {
  entries: readonly SettingEntry[];
  theme: Theme;
  width: number;
  onSave(keyPath: string, value: unknown, scope: SettingScope): Promise<void>;
  onClose(): void;
}

type Stage =
  | { kind: 'browse' }
  | { kind: 'edit'; entry: SettingEntry; buffer: ComposerBuffer; scope: SettingScope; error?: string; busy?: boolean };

/** A value as typed: JSON when it parses (true, 3, ["a"]), otherwise the text itself. */
export function parseSettingValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function formatSettingValue(value: unknown): string {
  if (value === undefined) return 'unset';
  return sanitizeText(typeof value === 'string' ? value : JSON.stringify(value));
}

/** `/settings`: browse every key with its value and the layer it comes from; Enter edits one. */
export function SettingsDialog({ entries, theme, width, onSave, onClose }: SettingsDialogProps) {
  const [stage, setStage, latestStage] = useLatestState<Stage>({ kind: 'browse' });

  useKeys(
    (input, key) => {
      const stage = latestStage();
      if (stage.kind !== 'edit' || stage.busy) return;
      if (key.escape) return setStage({ kind: 'browse' });
      if (key.tab) return setStage({ ...stage, scope: stage.scope === 'user' ? 'workspace' : 'user' });
      if (key.return) {
        setStage({ ...stage, busy: true });
        onSave(stage.entry.keyPath, parseSettingValue(stage.buffer.text), stage.scope).then(
          () => setStage({ kind: 'browse' }),
          (error: unknown) => setStage({ ...stage, busy: false, error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      setStage({ ...stage, buffer: editField(stage.buffer, input, key) });
    },
    { isActive: () => latestStage().kind === 'edit' },
  );

  const items = entries.map((entry) => ({ key: entry.keyPath, label: entry.keyPath, detail: `${formatSettingValue(entry.value)}  (${entry.origin})`, entry }));
  if (stage.kind === 'edit') {
    const { entry } = stage;
    return (
      <Box flexDirection="column" borderStyle="round" borderColor={theme.colors.accent} paddingX={1} width={width}>
        <Text bold>{entry.keyPath}</Text>
        <Text color={theme.colors.muted}>{entry.description}</Text>
        <Text color={theme.colors.muted}>{`now ${formatSettingValue(entry.value)}, from ${entry.origin}`}</Text>
        <Box>
          <Text color={theme.colors.accent}>{'value: '}</Text>
          <FieldText buffer={stage.buffer} />
        </Box>
        <Text>
          {'save to: '}
          <Text color={theme.colors.accent} bold>{stage.scope === 'user' ? 'user settings (~/.alfred)' : 'workspace settings (.alfred)'}</Text>
          <Text color={theme.colors.muted}> (tab switches)</Text>
        </Text>
        {stage.error ? <Text color={theme.colors.error}>{stage.error}</Text> : null}
        <Text color={theme.colors.muted}>{stage.busy ? 'Saving…' : 'enter save · esc back · JSON values (true, 3, ["a"]) or plain text'}</Text>
      </Box>
    );
  }
  return (
    <SelectList
      title="Settings"
      items={items}
      theme={theme}
      width={width}
      emptyText="No settings to show."
      describe={(item) => item.entry.description}
      hint="↑↓ move · type to filter · enter edit · esc close"
      onChoose={(item) => setStage({ kind: 'edit', entry: item.entry, buffer: bufferOf(formatEditable(item.entry.value)), scope: item.entry.origin === 'workspace' ? 'workspace' : 'user' })}
      onCancel={onClose}
      active={() => latestStage().kind === 'browse'}
    />
  );
}

function formatEditable(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
