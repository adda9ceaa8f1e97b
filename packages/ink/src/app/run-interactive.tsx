import { render } from 'ink';
import type { CliOptions } from '../cli/argv.js';
import { App } from './App.js';

/** Starts the TUI and resolves with the process exit code when the user quits. */
export async function runInteractive(options: CliOptions): Promise<number> {
  const instance = render(<App options={options} cwd={process.cwd()} />, {
    exitOnCtrlC: false,
    patchConsole: false,
  });
  await instance.waitUntilExit();
  return 0;
}
