import { render, type Instance } from 'ink';
import { readFileSync } from 'node:fs';
import type { CliOptions } from '../cli/argv.js';
import { VERSION } from '../cli/version.js';
import { bannerRows } from '../components/transcript/banner-rows.js';
import { itemRows } from '../components/transcript/render-item.js';
import type { TranscriptState } from '../state/history-items.js';
import { paletteOf } from '../theme/paint.js';
import { DEFAULT_THEME, themeNamed, type Theme } from '../theme/themes.js';
import { App } from './App.js';
import { ScriptedController, unconfiguredController, type ScriptedControllerOptions, type ScriptStep } from './scripted-controller.js';
import type { ScreenSettings, SessionController } from './session-controller.js';
import { traceKeys } from './key-trace.js';
import { Scrollback } from './scrollback.js';
import { takeTerminal } from './terminal-screen.js';

/**
 * Test hook: `ALFRED_SCRIPTED_EVENTS=<file>` plays the scripts in that file instead of talking to a
 * provider: a JSON array of scripts (one array of steps per prompt), or the scripted controller's
 * options (`{ "scripts": [...], "trust": "unknown", ... }`). Only pty tests and benches set it.
 */
function controllerFromEnvironment(): SessionController | undefined {
  const file = process.env['ALFRED_SCRIPTED_EVENTS'];
  if (!file) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as ScriptStep[][] | ScriptedControllerOptions;
  const options = Array.isArray(parsed) ? { scripts: parsed } : parsed;
  return new ScriptedController({ paths: ['src/', 'src/app.ts', 'README.md'], ...options });
}

/** Prints the items not printed yet into the normal screen (on exit and on Ctrl+Z in full screen). */
function transcriptPrinter(stdout: NodeJS.WriteStream, banner: boolean) {
  let printedUpTo = 0;
  let bannerPrinted = !banner;
  return (state: TranscriptState, theme: Theme) => {
    const width = stdout.columns || 80;
    const context = { theme, width, thinkingExpanded: state.thinkingExpanded, now: Date.now() };
    const fresh = state.items.filter((item) => item.id > printedUpTo);
    const rows = [...(bannerPrinted ? [] : bannerRows(VERSION, paletteOf(theme), width)), ...fresh.flatMap((item) => itemRows(item, context))];
    bannerPrinted = true;
    printedUpTo = state.items.at(-1)?.id ?? printedUpTo;
    if (rows.length > 0) stdout.write(`${rows.join('\n')}\n`);
  };
}

/**
 * A crash must not take the session off the screen: the terminal is restored and, in full screen,
 * the transcript is printed into the normal screen before the error, so it stays in the scrollback.
 */
function printOnCrash(leave: () => void): () => void {
  const onCrash = (error: unknown) => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    try {
      leave();
    } finally {
      process.stderr.write(`alfred crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    }
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  return () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  };
}

/** The stream Ink writes to: the terminal, through inline mode's scrollback and the bench's key trace. */
function inkStdout(scrollback: Scrollback | undefined): { stdout?: NodeJS.WriteStream } {
  let stream = scrollback ? scrollback.wrap(process.stdout) : undefined;
  const trace = process.env['ALFRED_KEY_TRACE'];
  if (trace) stream = traceKeys(trace, process.stdin, stream ?? process.stdout);
  return stream ? { stdout: stream } : {};
}

export interface InteractiveOverrides {
  controller?: SessionController;
  /** The `ui.*` settings; the command line's `--inline` wins over `ui.screen`. */
  ui?: Partial<ScreenSettings>;
  /** Rejects when the engine behind the first frame fails to start: the TUI closes with that error. */
  failure?: Promise<unknown>;
}

/** Starts the TUI and resolves with the process exit code when the user quits. */
export async function runInteractive(options: CliOptions, overrides: InteractiveOverrides = {}): Promise<number> {
  // Raw input at once: keys typed while alfred starts are neither echoed by the tty nor held for a
  // line ending; they wait for the composer, which shows them as soon as it is drawn.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  const controller = overrides.controller ?? controllerFromEnvironment() ?? unconfiguredController();
  const { ui = {} } = overrides;
  const mode = options.inline === true ? 'inline' : (ui.screen ?? 'fullscreen');
  const theme = themeNamed(ui.theme);
  let last: { state: TranscriptState; theme: Theme } | undefined;
  const ink: { instance?: Instance } = {};
  const print = transcriptPrinter(process.stdout, ui.hideBanner !== true);
  const scrollback = mode === 'inline' ? new Scrollback() : undefined;
  const element = () => (
    <App controller={controller} mode={mode} version={VERSION} theme={theme} banner={ui.hideBanner !== true} terminal={terminal} scrollback={scrollback}
      onStateChange={(state, current) => (last = { state, theme: current })} />
  );
  const terminal = takeTerminal({
    stdout: process.stdout,
    stdin: process.stdin,
    fullscreen: mode === 'fullscreen',
    onLeave: () => {
      if (mode === 'fullscreen' && last) print(last.state, last.theme);
    },
    onReturn: () => {
      ink.instance?.clear();
      ink.instance?.rerender(element());
    },
  });
  const instance = render(element(), {
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: process.env['ALFRED_INCREMENTAL'] === '1',
    maxFps: ui.maxFps ?? 30,
    ...inkStdout(scrollback),
  });
  ink.instance = instance;
  overrides.failure?.catch((error: unknown) => instance.unmount(error instanceof Error ? error : new Error(String(error))));
  const stopCrashPrint = printOnCrash(() => {
    // Ink first, while still on alfred's screen: unmounted later, at exit, it would erase the
    // last lines of the normal screen, where the transcript and the error are about to go.
    try {
      instance.clear();
      instance.unmount();
    } catch {
      // The crash may have left Ink unable to finish; the terminal is restored regardless.
    }
    terminal.restore();
    if (mode === 'fullscreen' && last) print(last.state, last.theme);
  });
  try {
    await instance.waitUntilExit();
  } finally {
    stopCrashPrint();
    // Erase the last frame while still on alfred's screen, so nothing of it lands in the scrollback.
    instance.clear();
    instance.cleanup();
    terminal.restore();
    if (mode === 'fullscreen' && last) print(last.state, last.theme ?? DEFAULT_THEME);
  }
  return 0;
}
