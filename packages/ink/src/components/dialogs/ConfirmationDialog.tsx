import type { ConfirmationOutcome } from '@alfred/core';
import { Box, Text } from 'ink';
import type { KeyPress } from '../../hooks/key-events.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatestState } from '../../hooks/use-latest-state.js';
import type { PendingConfirmation } from '../../state/history-items.js';
import { paletteOf } from '../../theme/paint.js';
import type { Theme } from '../../theme/themes.js';
import { bufferOf, type ComposerBuffer } from '../composer/composer-buffer.js';
import { CONFIRMATION_CHOICES, confirmationRows } from './confirmation-rows.js';
import { editField, FieldText } from './text-field.js';

interface ConfirmationDialogProps {
  pending: PendingConfirmation;
  theme: Theme;
  width: number;
  onAnswer(callId: string, outcome: ConfirmationOutcome): void;
}

type Stage = { kind: 'choose' } | { kind: 'reason'; buffer: ComposerBuffer } | { kind: 'modify'; buffer: ComposerBuffer; error?: string };

/** Asks before a tool runs; number keys answer, 4 edits the arguments, 5 asks for a reason. */
export function ConfirmationDialog({ pending, theme, width, onAnswer }: ConfirmationDialogProps) {
  const palette = paletteOf(theme);
  const [stage, setStage, latestStage] = useLatestState<Stage>({ kind: 'choose' });
  const answer = (outcome: ConfirmationOutcome) => onAnswer(pending.callId, outcome);

  const choose = (input: string, key: KeyPress) => {
    if (input === '1' || key.return) return answer({ kind: 'proceed_once' });
    if (input === '2') return answer({ kind: 'proceed_always_session' });
    if (input === '3') return answer({ kind: 'proceed_always_save' });
    if (input === '4') return setStage({ kind: 'modify', buffer: bufferOf(JSON.stringify(pending.call?.args ?? {}, null, 2)) });
    if (input === '5') return setStage({ kind: 'reason', buffer: bufferOf('') });
    if (key.escape || (key.ctrl && input === 'c')) return answer({ kind: 'cancel' });
  };

  useKeys((input, key) => {
    const stage = latestStage();
    if (stage.kind === 'choose') return choose(input, key);
    if (key.escape) return setStage({ kind: 'choose' });
    if (key.return && stage.kind === 'reason') return answer({ kind: 'cancel', reason: stage.buffer.text.trim() });
    if (key.return && stage.kind === 'modify') {
      try {
        const parsed: unknown = JSON.parse(stage.buffer.text);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the arguments must be a JSON object');
        return answer({ kind: 'modify', args: parsed as Record<string, unknown> });
      } catch (error) {
        return setStage({ ...stage, error: error instanceof Error ? error.message : String(error) });
      }
    }
    setStage({ ...stage, buffer: editField(stage.buffer, input, key, stage.kind === 'modify') });
  });

  const rows = confirmationRows(pending.view, pending.call, palette);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.colors.warning} paddingX={1} width={width}>
      <Text color={theme.colors.warning} bold>
        Allow this tool call?
      </Text>
      <Text>{rows.join('\n')}</Text>
      {stage.kind === 'choose' ? (
        <Box flexDirection="column" marginTop={1}>
          {CONFIRMATION_CHOICES.map((choice) => (
            <Text key={choice.key}>
              <Text color={theme.colors.accent}>{choice.key}</Text> {choice.label}
            </Text>
          ))}
          <Text color={theme.colors.muted}>esc to decline</Text>
        </Box>
      ) : (
        <Box flexDirection="column" marginTop={1}>
          <Text color={theme.colors.muted}>
            {stage.kind === 'reason' ? 'Why not? (enter to send, esc to go back)' : 'Edit the arguments as JSON (ctrl+j new line, enter to run, esc to go back)'}
          </Text>
          <FieldText buffer={stage.buffer} />
          {stage.kind === 'modify' && stage.error ? <Text color={theme.colors.error}>{stage.error}</Text> : null}
        </Box>
      )}
    </Box>
  );
}
