import type { CliOptions } from '../cli/argv.js';

/** Runs one prompt without the TUI and resolves with the exit code. */
export async function runHeadless(options: CliOptions): Promise<number> {
  const piped = process.stdin.isTTY ? '' : await readStdin();
  const prompt = [options.prompt, piped].filter((part) => part && part.trim() !== '').join('\n\n');
  if (prompt === '') {
    process.stderr.write('alfred: no prompt given: pass -p "<prompt>" or pipe text on stdin\n');
    return 2;
  }
  process.stderr.write('alfred: no provider is configured yet\n');
  return 2;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
