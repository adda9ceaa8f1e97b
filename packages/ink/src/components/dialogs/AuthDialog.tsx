import { Box, Text } from 'ink';
import type { LocalServer } from '../../app/session-controller.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatestState } from '../../hooks/use-latest-state.js';
import type { Theme } from '../../theme/themes.js';
import { EMPTY_BUFFER } from '../composer/composer-buffer.js';
import { editField, FieldText } from './text-field.js';
import { SelectList } from './SelectList.js';

interface AuthDialogProps {
  providers: readonly string[];
  /** Undefined while the local ports are still being probed. */
  servers: readonly LocalServer[] | undefined;
  theme: Theme;
  width: number;
  /** Shown on first run, when no provider has a usable key. */
  firstRun: boolean;
  onKey(provider: string, key: string): Promise<void>;
  onServer(server: LocalServer): Promise<void>;
  onClose(): void;
}

type Choice = { key: string; label: string; detail?: string; provider?: string; server?: LocalServer };

/** `/auth` and first run: pick a provider and type its key (masked), or use a local OpenAI-compatible server. */
export function AuthDialog(props: AuthDialogProps) {
  const { theme, width } = props;
  const [provider, setProvider, latestProvider] = useLatestState<string | undefined>(undefined);
  const [buffer, setBuffer, latestBuffer] = useLatestState(EMPTY_BUFFER);
  const [status, setStatus, latestStatus] = useLatestState<{ busy: boolean; error?: string }>({ busy: false });

  const settle = (work: Promise<void>) => {
    setStatus({ busy: true });
    work.then(props.onClose, (error: unknown) => setStatus({ busy: false, error: error instanceof Error ? error.message : String(error) }));
  };

  useKeys(
    (input, key) => {
      const provider = latestProvider();
      const buffer = latestBuffer();
      if (latestStatus().busy || provider === undefined) return;
      if (key.escape) return (setProvider(undefined), setBuffer(EMPTY_BUFFER), setStatus({ busy: false }));
      if (key.return) return buffer.text.trim() === '' ? undefined : settle(props.onKey(provider, buffer.text.trim()));
      setBuffer(editField(buffer, input, key));
    },
    { isActive: () => latestProvider() !== undefined },
  );

  if (provider !== undefined) {
    return (
      <Box flexDirection="column" borderStyle="round" borderColor={theme.colors.accent} paddingX={1} width={width}>
        <Text bold>{`API key for ${provider}`}</Text>
        <Box>
          <Text color={theme.colors.accent}>{'key: '}</Text>
          <FieldText buffer={buffer} masked />
        </Box>
        {status.error ? <Text color={theme.colors.error}>{status.error}</Text> : null}
        <Text color={theme.colors.muted}>{status.busy ? 'Checking…' : 'paste or type the key · enter save · esc back'}</Text>
      </Box>
    );
  }

  const choices: Choice[] = [
    ...props.providers.map((name) => ({ key: `provider:${name}`, label: name, detail: 'API key', provider: name })),
    ...(props.servers ?? []).map((server) => ({ key: `server:${server.baseUrl}`, label: server.name, detail: `local server at ${server.baseUrl}`, server })),
  ];
  return (
    <SelectList
      title={props.firstRun ? 'No provider is set up yet: choose one' : 'Authenticate'}
      items={choices}
      theme={theme}
      width={width}
      loading={props.servers === undefined && choices.length === 0}
      hint={props.servers === undefined ? 'looking for local servers… · enter choose · esc close' : undefined}
      onChoose={(choice) => {
        if (choice.server) settle(props.onServer(choice.server));
        else if (choice.provider) setProvider(choice.provider);
      }}
      onCancel={props.onClose}
      active={() => !latestStatus().busy && latestProvider() === undefined}
    >
      {props.servers?.length === 0 ? <Text color={theme.colors.muted}>No local OpenAI-compatible server answered (Ollama, LM Studio on their default ports).</Text> : null}
      {status.error ? <Text color={theme.colors.error}>{status.error}</Text> : null}
    </SelectList>
  );
}
