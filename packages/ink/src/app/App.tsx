import { Box, measureElement, type DOMElement } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Composer } from '../components/composer/Composer.js';
import { ConfirmationDialog } from '../components/dialogs/ConfirmationDialog.js';
import { Footer } from '../components/Footer.js';
import { SpinnerLine } from '../components/SpinnerLine.js';
import { bannerRows } from '../components/transcript/banner-rows.js';
import { InlineTranscript } from '../components/transcript/InlineTranscript.js';
import { SearchBar } from '../components/transcript/SearchBar.js';
import { TranscriptViewport } from '../components/transcript/TranscriptViewport.js';
import { transcriptRows, transcriptWindow } from '../components/transcript/transcript-window.js';
import { usePrewarmedRows } from '../components/transcript/use-prewarmed-rows.js';
import { useAgentSession } from '../hooks/use-agent-session.js';
import { loadMarkdown, markdownReady, onMarkdownReady } from '../markdown/lazy-markdown.js';
import { useComposer } from '../hooks/use-composer.js';
import { KeyRouter } from '../hooks/use-keys.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import type { TranscriptState } from '../state/history-items.js';
import type { TranscriptAction } from '../state/reduce-transcript.js';
import { paletteOf } from '../theme/paint.js';
import { DEFAULT_THEME, type Theme } from '../theme/themes.js';
import { DialogHost } from './DialogHost.js';
import type { Scrollback } from './scrollback.js';
import { editInEditor } from './external-editor.js';
import type { SessionController, SessionInfo } from './session-controller.js';
import type { TerminalControl } from './terminal-screen.js';
import { allCommands } from './ui-commands.js';
import { useAppKeys } from './use-app-keys.js';
import { useDialogs } from './use-dialogs.js';
import { useScrolling } from './use-scrolling.js';
import { useSubmit } from './use-submit.js';
import { useTranscriptSearch } from './use-transcript-search.js';

export interface AppProps {
  controller: SessionController;
  mode: 'fullscreen' | 'inline';
  version: string;
  theme?: Theme;
  /** Inline mode's writer into the scrollback (run-interactive flushes it as Ink draws). */
  scrollback?: Scrollback;
  /** Draw the greeting banner above the transcript (`ui.hideBanner` turns it off). */
  banner?: boolean;
  /** The real terminal's modes (mouse, editor hand-over, suspend); absent in component tests. */
  terminal?: TerminalControl;
  /** Receives the transcript and theme as they change, so the caller can print them on exit. */
  onStateChange?(state: TranscriptState, theme: Theme): void;
}

/** The root of the TUI: the one place that subscribes to the controller. */
export function App(props: AppProps) {
  return (
    <KeyRouter>
      <Screen {...props} theme={props.theme ?? DEFAULT_THEME} banner={props.banner ?? true} />
    </KeyRouter>
  );
}

/** Keeps the footer's snapshot fresh: on the controller's signal and whenever a turn starts or ends. */
function useInfo(controller: SessionController, running: boolean) {
  const [info, setInfo] = useState(() => controller.info());
  useEffect(() => controller.onInfoChange?.(() => setInfo(controller.info())), [controller]);
  useEffect(() => {
    setInfo(controller.info());
  }, [controller, running]);
  return [info, setInfo] as const;
}

/**
 * Loads the markdown renderer after the first frame and redraws once it is in: the first frame
 * does not wait for marked and highlight.js, and answers shown before (rare) become markdown.
 */
function useMarkdownLoader() {
  const [, setReady] = useState(markdownReady());
  useEffect(() => {
    const off = onMarkdownReady(() => setReady(true));
    const timer = setTimeout(() => void loadMarkdown(), 0);
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
}

/** Opens the screen on the conversation `--continue` or `--resume` picked up. */
function useResumedAtStart(controller: SessionController, replay: (events: readonly TranscriptAction[]) => void): void {
  const latestReplay = useRef(replay);
  latestReplay.current = replay;
  useEffect(() => {
    let live = true;
    void controller.resumedAtStart?.().then((events) => {
      if (live && events.length > 0) latestReplay.current(events as TranscriptAction[]);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [controller]);
}

const QUIT_HINT = 'press Ctrl+C again to quit';

/** Ctrl+C: cancels a running turn; otherwise the first press warns and the second quits. */
function interruptOrQuit(running: boolean, message: string | undefined, actions: { cancel(): void; quit(): void; setMessage(text: string): void }): void {
  if (running) actions.cancel();
  else if (message === QUIT_HINT) actions.quit();
  else actions.setMessage(QUIT_HINT);
}

/** The greeting above the transcript, or nothing when `ui.hideBanner` is set. */
function useBanner(shown: boolean, version: string, theme: Theme, width: number): string[] {
  return useMemo(() => (shown ? bannerRows(version, paletteOf(theme), width) : []), [shown, version, theme, width]);
}

/** The height of the rows under the transcript, measured after each render. */
function useMeasuredHeight() {
  const ref = useRef<DOMElement>(null);
  const [height, setHeight] = useState(5);
  useEffect(() => {
    if (!ref.current) return;
    const measured = measureElement(ref.current).height;
    if (measured !== height) setHeight(measured);
  });
  return { ref, height };
}

function Screen({ controller, mode, version, theme: initialTheme, banner, scrollback, terminal, onStateChange }: AppProps & { theme: Theme; banner: boolean }) {
  const { columns, rows } = useTerminalSize();
  const session = useAgentSession(controller);
  const [theme, setTheme] = useState(initialTheme);
  const dialogs = useDialogs(controller);
  const [message, setMessage] = useState<string | undefined>();
  const { state, running } = session;
  const [info, setInfo] = useInfo(controller, running);
  const confirmation = state.confirmations[0];
  const width = Math.max(20, columns);
  const fullscreen = mode === 'fullscreen';
  useMarkdownLoader();
  useResumedAtStart(controller, session.replay);

  useEffect(() => {
    onStateChange?.(state, theme);
  }, [onStateChange, state, theme]);

  const { submit, history } = useSubmit({ controller, session, version, openDialog: dialogs.open, setMessage });
  const interrupt = () => interruptOrQuit(running, message, { cancel: () => controller.cancel(), quit: () => void submit('/quit', false), setMessage });

  const bottom = useMeasuredHeight();
  // Ink clears the whole screen when a frame is as tall as the terminal; stay one row short.
  const viewportHeight = Math.max(1, rows - 1 - bottom.height);
  const context = { theme, width, thinkingExpanded: state.thinkingExpanded, now: Date.now() };
  const header = useBanner(banner, version, theme, width);
  const scrolling = useScrolling(fullscreen && dialogs.dialog === undefined, viewportHeight, true);
  const search = useTranscriptSearch(() => transcriptRows(header, state.items, context), scrolling.reveal);
  const idle = confirmation === undefined && dialogs.dialog === undefined && search.search === undefined;
  // Asked at each key: a key may open a dialog or search before React renders the next one.
  const idleNow = () => idle && dialogs.latest() === undefined && search.latest() === undefined;
  const commands = useMemo(() => allCommands(controller), [controller]);
  // Stable, or the completion effect would run again after every render.
  const completePath = useMemo(() => controller.completePath?.bind(controller), [controller]);
  const composer = useComposer({
    history,
    commands,
    completePath,
    onSubmit: submit,
    onInterrupt: interrupt,
    onEscape: () => (running ? controller.cancel() : undefined),
    ...(terminal ? { onExternalEdit: (text: string) => Promise.resolve(editInEditor(text, terminal)) } : {}),
    active: idleNow,
  });
  useAppKeys({
    controller, session, terminal, fullscreen, idle: idleNow, setMessage,
    onApprovalMode: (approvalMode) => setInfo({ ...controller.info(), approvalMode }),
    onSearch: search.open,
  });

  usePrewarmedRows(state.items, context, fullscreen && !running);
  const window = fullscreen
    ? transcriptWindow({ header, items: state.items, context, height: viewportHeight, scrollTop: scrolling.scrollTop, highlight: search.highlight })
    : undefined;
  if (window) scrolling.observe(window);

  return (
    <Box flexDirection="column" width={width}>
      {window ? (
        <TranscriptViewport window={window} height={viewportHeight} marker={newLinesMarker(window.hiddenBelow, theme, width)} />
      ) : (
        <InlineTranscript header={header} items={state.items} context={context} maxLiveRows={Math.max(3, rows - 2 - bottom.height)} scrollback={scrollback} />
      )}
      <Box ref={bottom.ref} flexDirection="column" flexShrink={0}>
        {confirmation ? (
          <ConfirmationDialog key={confirmation.callId} pending={confirmation} theme={theme} width={width} onAnswer={(callId, outcome) => controller.respond(callId, outcome)}
            {...(terminal ? { onExternalEdit: (json: string) => Promise.resolve(editInEditor(json, terminal, process.env, 'arguments.json')) } : {})} />
        ) : null}
        {dialogs.dialog && !confirmation ? (
          <DialogHost key={dialogs.dialog.kind} dialog={dialogs.dialog} controller={controller} theme={theme} width={width} onClose={dialogs.close}
            onNotice={(level, text) => session.dispatch({ type: 'notice', level, text })} onReplay={session.replay} onTheme={setTheme} />
        ) : null}
        {running && state.turnStartedAt !== undefined && !confirmation ? <SpinnerLine startedAt={state.turnStartedAt} theme={theme} /> : null}
        {search.search ? <SearchBar search={search.search} theme={theme} width={width} /> : null}
        {confirmation || search.search || dialogs.dialog ? null : <Composer view={composer} theme={theme} width={width} placeholder="Ask alfred, @ to add a file, / for commands" />}
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

/**
 * "N new lines ↓" while the full-screen view is scrolled up and output arrives below it, drawn over
 * the view's last row: a row of its own would change the layout under the view as it appears.
 */
function newLinesMarker(count: number, theme: Theme, width: number): string | undefined {
  if (count === 0) return undefined;
  const text = `${count} new lines ↓ (end to follow)`;
  return `${' '.repeat(Math.max(0, Math.floor((width - text.length) / 2)))}${paletteOf(theme).accent(text)}`;
}
