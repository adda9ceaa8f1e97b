import { render } from 'ink';
import { readFileSync } from 'node:fs';
import type { CliOptions } from '../cli/argv.js';
import { VERSION } from '../cli/version.js';
import { bannerRows } from '../components/transcript/banner-rows.js';
import { itemRows } from '../components/transcript/render-item.js';
import type { TranscriptState } from '../state/history-items.js';
import { paletteOf } from '../theme/paint.js';
import { DEFAULT_THEME, type Theme } from '../theme/themes.js';
import { App } from './App.js';
import { ScriptedController, unconfiguredController, type ScriptStep } from './scripted-controller.js';
import type { SessionController } from './session-controller.js';
import { enterAlternateScreen } from './terminal-screen.js';

/**
 * Test hook: `ALFRED_SCRIPTED_EVENTS=<file>` plays the JSON array of scripts (one array of steps per
 * prompt) in that file instead of talking to a provider. Only the pty tests set it.
 */
function controllerFromEnvironment(): SessionController | undefined {
  const file = process.env['ALFRED_SCRIPTED_EVENTS'];
  if (!file) return undefined;
  const scripts = JSON.parse(readFileSync(file, 'utf8')) as ScriptStep[][];
  return new ScriptedController({ scripts, paths: ['src/', 'src/app.ts', 'README.md'] });
}

/** The whole transcript as rows, for the normal screen after leaving the alternate one. */
function transcriptText(state: TranscriptState, theme: Theme, width: number): string {
  const context = { theme, width, thinkingExpanded: state.thinkingExpanded, now: Date.now() };
  const rows = [...bannerRows(VERSION, paletteOf(theme), width), ...state.items.flatMap((item) => itemRows(item, context))];
  return `${rows.join('\n')}\n`;
}

export interface InteractiveOverrides {
  controller?: SessionController;
}

/** Starts the TUI and resolves with the process exit code when the user quits. */
export async function runInteractive(options: CliOptions, overrides: InteractiveOverrides = {}): Promise<number> {
  const controller = overrides.controller ?? controllerFromEnvironment() ?? unconfiguredController();
  const mode = options.inline === true ? 'inline' : 'fullscreen';
  const screen = mode === 'fullscreen' ? enterAlternateScreen(process.stdout) : undefined;
  let last: { state: TranscriptState; theme: Theme } | undefined;
  const instance = render(
    <App controller={controller} mode={mode} version={VERSION} onStateChange={(state, theme) => (last = { state, theme })} />,
    { exitOnCtrlC: false, patchConsole: false, incrementalRendering: process.env['ALFRED_INCREMENTAL'] === '1', maxFps: 60 },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    instance.cleanup();
    if (screen) {
      screen.restore();
      if (last) process.stdout.write(transcriptText(last.state, last.theme ?? DEFAULT_THEME, process.stdout.columns || 80));
    }
  }
  return 0;
}
