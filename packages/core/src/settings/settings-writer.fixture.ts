/**
 * A separate process that edits a settings file through `updateSetting`, for the tests that need
 * real concurrency or process limits (a file size limit, another user). Usage:
 *   many <file> <prefix> <count>    adds mcpServers.<prefix><i> for i < count
 *   set <file> <keyPath> <json>     sets one key (`@path` reads the JSON from a file)
 * Prints `ok` or the SettingsError as JSON, and exits 0 or 2.
 */
import { readFile } from 'node:fs/promises';
import { updateSetting } from './update-setting.js';
import { SettingsError } from './settings-error.js';

async function main(argv: string[]): Promise<void> {
  const [mode, file, first, second] = argv;
  if (!file) throw new Error('usage: many|set <file> …');
  if (mode === 'many') {
    for (let index = 0; index < Number(second); index++) {
      await updateSetting({ file, scope: 'user', keyPath: ['mcpServers', `${first}${index}`], value: { command: `server-${first}${index}` } });
    }
  } else {
    // `@path` reads the value from a file, for values too large for the command line.
    const json = second!.startsWith('@') ? await readFile(second!.slice(1), 'utf8') : second!;
    await updateSetting({ file, scope: 'user', keyPath: first!, value: JSON.parse(json) });
  }
}

// Node resets signal dispositions at start-up, so a test that uses a file size limit to stand in
// for a full disk needs the signal handled here: the write then fails with EFBIG instead of killing us.
process.on('SIGXFSZ', () => {});

main(process.argv.slice(2)).then(
  () => process.stdout.write('ok\n'),
  (error: unknown) => {
    const body = error instanceof SettingsError ? { code: error.code, message: error.message } : { code: 'crash', message: String(error) };
    process.stdout.write(`${JSON.stringify(body)}\n`);
    process.exitCode = 2;
  },
);
