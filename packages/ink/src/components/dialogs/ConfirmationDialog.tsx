import type { ConfirmationOutcome } from '@alfred/core';
import { Box, Text } from 'ink';
import { useRef } from 'react';
import type { KeyPress } from '../../hooks/key-events.js';
import { useKeyHandOff, useKeys } from '../../hooks/use-keys.js';
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
  /** Ctrl+X while editing the arguments: the JSON in $EDITOR; undefined when the editor failed. */
  onExternalEdit?(json: string): Promise<string | undefined>;
}

type Stage = { kind: 'choose' } | { kind: 'reason'; buffer: ComposerBuffer } | { kind: 'arguments'; buffer: ComposerBuffer; error?: string };
type FieldStage = Exclude<Stage, { kind: 'choose' }>;

/** What a key does at the choose stage: an answer, the next stage, or nothing. */
function chosen(input: string, key: KeyPress, pending: PendingConfirmation): ConfirmationOutcome | Stage | undefined {
  if (input === '1' || key.return) return { kind: 'proceed_once' };
  if (input === '2') return { kind: 'proceed_always_session' };
  if (input === '3') return { kind: 'proceed_always_save' };
  if (input === '4') return { kind: 'arguments', buffer: bufferOf(JSON.stringify(pending.call?.args ?? {}, null, 2)) };
  if (input === '5') return { kind: 'reason', buffer: bufferOf('') };
  if (key.escape || (key.ctrl && input === 'c')) return { kind: 'cancel' };
  return undefined;
}

/** The edited arguments as an object, or why they are not one. */
export function parseArguments(text: string): { args: Record<string, unknown> } | { error: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: 'the arguments must be a JSON object' };
    return { args: parsed as Record<string, unknown> };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Enter at the reason or arguments stage: the answer, or the stage again with the parse error. */
function submitted(stage: FieldStage): ConfirmationOutcome | FieldStage {
  if (stage.kind === 'reason') return { kind: 'cancel', reason: stage.buffer.text.trim() };
  const parsed = parseArguments(stage.buffer.text);
  return 'args' in parsed ? { kind: 'modify', args: parsed.args } : { ...stage, error: parsed.error };
}

function isStage(value: ConfirmationOutcome | Stage): value is Stage {
  return value.kind === 'choose' || value.kind === 'reason' || value.kind === 'arguments';
}

/** Asks before a tool runs; number keys answer, 4 edits the arguments, 5 asks for a reason. */
export function ConfirmationDialog({ pending, theme, width, onAnswer, onExternalEdit }: ConfirmationDialogProps) {
  const palette = paletteOf(theme);
  const [stage, setStage, latestStage] = useLatestState<Stage>({ kind: 'choose' });
  const handOff = useKeyHandOff();
  const answered = useRef(false);

  /** Answers once: the keys after the answer go to whatever is drawn once this dialog is gone. */
  const apply = (next: ConfirmationOutcome | Stage | undefined) => {
    if (next === undefined || answered.current) return;
    if (isStage(next)) return setStage(next);
    answered.current = true;
    handOff();
    onAnswer(pending.callId, next);
  };

  useKeys((input, key) => {
    const current = latestStage();
    if (answered.current) return;
    if (current.kind === 'choose') return apply(chosen(input, key, pending));
    if (key.escape) return setStage({ kind: 'choose' });
    if (key.return) return apply(submitted(current));
    if (current.kind === 'arguments' && key.ctrl && input === 'x' && onExternalEdit) {
      void onExternalEdit(current.buffer.text).then((edited) => {
        if (edited !== undefined && !answered.current) setStage({ kind: 'arguments', buffer: bufferOf(edited.replace(/\n+$/u, '')) });
      });
      return;
    }
    setStage({ ...current, buffer: editField(current.buffer, input, key, current.kind === 'arguments') });
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
            {stage.kind === 'reason' ? 'Why not? (enter to send, esc to go back)' : `Edit the arguments as JSON (ctrl+j new line${onExternalEdit ? ', ctrl+x in $EDITOR' : ''}, enter to run, esc to go back)`}
          </Text>
          <FieldText buffer={stage.buffer} />
          {stage.kind === 'arguments' && stage.error ? <Text color={theme.colors.error}>{stage.error}</Text> : null}
        </Box>
      )}
    </Box>
  );
}
