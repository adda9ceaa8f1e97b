import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TerminalControl } from './terminal-screen.js';

/**
 * Ctrl+X: opens `text` in `$VISUAL`/`$EDITOR` (vi when neither is set) on the real terminal and
 * returns what was saved, or undefined when the editor failed. The editor runs synchronously: alfred
 * draws nothing while it has the terminal.
 */
export function editInEditor(text: string, terminal: TerminalControl, environment: NodeJS.ProcessEnv = process.env, fileName = 'prompt.md'): string | undefined {
  const editor = environment['VISUAL'] || environment['EDITOR'] || 'vi';
  const folder = mkdtempSync(path.join(tmpdir(), 'alfred-prompt-'));
  const file = path.join(folder, fileName);
  try {
    writeFileSync(file, text, 'utf8');
    // The editor setting may carry arguments ("code --wait"); a shell splits them as the user expects.
    const result = terminal.handOver(() => spawnSync(`${editor} "$ALFRED_PROMPT_FILE"`, { shell: true, stdio: 'inherit', env: { ...environment, ALFRED_PROMPT_FILE: file } }));
    if (result.status !== 0) return undefined;
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
