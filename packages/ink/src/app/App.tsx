import { Box, measureElement, Text, useApp, useInput, useStdout, type DOMElement } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmationDialog } from '../components/dialogs/ConfirmationDialog.js';
import { ThemeDialog } from '../components/dialogs/ThemeDialog.js';
import { Composer } from '../components/composer/Composer.js';
import { Footer } from '../components/Footer.js';
import { SpinnerLine } from '../components/SpinnerLine.js';
import { bannerRows } from '../components/transcript/banner-rows.js';
import { InlineTranscript } from '../components/transcript/InlineTranscript.js';
import { TranscriptViewport } from '../components/transcript/TranscriptViewport.js';
import { transcriptWindow } from '../components/transcript/transcript-window.js';
import { useAgentSession } from '../hooks/use-agent-session.js';
import { useComposer } from '../hooks/use-composer.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import type { TranscriptState } from '../state/history-items.js';
import { paletteOf } from '../theme/paint.js';
import { DEFAULT_THEME, type Theme } from '../theme/themes.js';
import { localCommand } from './local-commands.js';
import type { SessionController, SessionInfo } from './session-controller.js';
import { copyToClipboard } from './terminal-screen.js';
import { UI_COMMANDS } from './ui-commands.js';
import { useScrolling } from './use-scrolling.js';

export interface AppProps {
  controller: SessionController;
  mode: 'fullscreen' | 'inline';
  version: string;
  theme?: Theme;
  /** Receives the transcript and theme as they change, so the caller can print them on exit. */
  onStateChange?(state: TranscriptState, theme: Theme): void;
}

/** The root of the TUI: the one place that subscribes to the controller. */
export function App({ controller, mode, version, theme: initialTheme = DEFAULT_THEME, onStateChange }: AppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const { columns, rows } = useTerminalSize();
  const session = useAgentSession(controller);
  const [theme, setTheme] = useState(initialTheme);
  const [dialog, setDialog] = useState<'theme' | undefined>();
  const [info, setInfo] = useState(() => controller.info());
  const [message, setMessage] = useState<string | undefined>();
  const [history, setHistory] = useState<string[]>(() => controller.history?.() ?? []);
  const queued = useRef<Array<{ text: string; shell: boolean }>>([]);
  const { state, running } = session;
  const confirmation = state.confirmations[0];
  const width = Math.max(20, columns);

  useEffect(() => controller.onInfoChange?.(() => setInfo(controller.info())), [controller]);
  useEffect(() => {
    setInfo(controller.info());
  }, [controller, running]);
  useEffect(() => {
    onStateChange?.(state, theme);
  }, [onStateChange, state, theme]);

  const run = (text: string, shell: boolean) => {
    void session.send(text, shell).then(() => {
      const next = queued.current.shift();
      if (next) run(next.text, next.shell);
    });
  };

  const submit = (text: string, shell: boolean) => {
    setMessage(undefined);
    setHistory((entries) => [...entries, text]);
    controller.recordPrompt?.(text);
    const effect = shell ? undefined : localCommand(text, state, controller, version);
    if (effect?.kind === 'notice') return session.dispatch({ type: 'notice', level: 'info', text: effect.text });
    if (effect?.kind === 'clear') return session.dispatch({ type: 'clear' });
    if (effect?.kind === 'theme_dialog') return setDialog('theme');
    if (effect?.kind === 'quit') return exit();
    if (effect?.kind === 'copy') {
      copyToClipboard(stdout, effect.text);
      return session.dispatch({ type: 'notice', level: 'info', text: 'Copied the last answer to the clipboard.' });
    }
    if (running) {
      queued.current.push({ text, shell });
      return setMessage(`queued: ${text.slice(0, 40)}`);
    }
    run(text, shell);
  };

  const interrupt = () => {
    if (running) return controller.cancel();
    if (message === 'press Ctrl+C again to quit') return exit();
    setMessage('press Ctrl+C again to quit');
  };

  const commands = useMemo(() => [...UI_COMMANDS, ...controller.commands()], [controller]);
  const composer = useComposer({
    history,
    commands,
    completePath: controller.completePath?.bind(controller),
    onSubmit: submit,
    onInterrupt: interrupt,
    onEscape: () => (running ? controller.cancel() : undefined),
    active: confirmation === undefined && dialog === undefined,
  });

  const bottomRef = useRef<DOMElement>(null);
  const [bottomHeight, setBottomHeight] = useState(5);
  useEffect(() => {
    if (!bottomRef.current) return;
    const { height } = measureElement(bottomRef.current);
    if (height !== bottomHeight) setBottomHeight(height);
  });

  // Ink clears the whole screen when a frame is as tall as the terminal; stay one row short.
  const viewportHeight = Math.max(1, rows - 1 - bottomHeight);
  const context = { theme, width, thinkingExpanded: state.thinkingExpanded, now: Date.now() };
  const header = useMemo(() => bannerRows(version, paletteOf(theme), width), [version, theme, width]);
  const scrolling = useScrolling(mode === 'fullscreen' && dialog === undefined, viewportHeight, composer.buffer.text === '');

  useInput((input, key) => {
    if (key.tab && key.shift) setInfo({ ...controller.info(), approvalMode: controller.cycleApprovalMode() });
    else if (key.ctrl && input === 't') session.dispatch({ type: 'toggle_thinking' });
  });

  const window = mode === 'fullscreen' ? transcriptWindow({ header, items: state.items, context, height: viewportHeight, scrollTop: scrolling.scrollTop }) : undefined;
  if (window) scrolling.observe(window);

  return (
    <Box flexDirection="column" width={width}>
      {window ? (
        <TranscriptViewport window={window} height={viewportHeight} />
      ) : (
        <InlineTranscript header={header} items={state.items} context={context} maxLiveRows={Math.max(3, rows - 2 - bottomHeight)} />
      )}
      <Box ref={bottomRef} flexDirection="column" flexShrink={0}>
        {window && window.hiddenBelow > 0 ? <Box justifyContent="center"><SpinnerFreeText text={`${window.hiddenBelow} new lines ↓ (end to follow)`} theme={theme} /></Box> : null}
        {confirmation ? (
          <ConfirmationDialog key={confirmation.callId} pending={confirmation} theme={theme} width={width} onAnswer={(callId, outcome) => controller.respond(callId, outcome)} />
        ) : null}
        {dialog === 'theme' ? (
          <ThemeDialog current={theme} width={width} onChoose={(chosen) => { if (chosen) setTheme(chosen); setDialog(undefined); }} />
        ) : null}
        {running && state.turnStartedAt !== undefined && !confirmation ? <SpinnerLine startedAt={state.turnStartedAt} theme={theme} /> : null}
        {confirmation ? null : <Composer view={composer} theme={theme} width={width} placeholder="Ask alfred, @ to add a file, / for commands" />}
        <Footer info={mergeInfo(info, state)} theme={theme} width={width} message={message} />
      </Box>
    </Box>
  );
}

/** The controller's snapshot, with the figures the event stream has reported since. */
function mergeInfo(info: SessionInfo, state: TranscriptState): SessionInfo {
  const fromEvents = state.contextWindow > 0 ? { contextWindow: state.contextWindow, contextTokens: state.contextTokens } : {};
  return { ...info, ...fromEvents, sessionTokens: Math.max(info.sessionTokens, state.sessionTokens) };
}

function SpinnerFreeText({ text, theme }: { text: string; theme: Theme }) {
  return <Box><Text color={theme.colors.accent}>{text}</Text></Box>;
}
