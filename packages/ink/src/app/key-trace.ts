import { appendFileSync } from 'node:fs';
import { stdoutWith } from './stdout-proxy.js';

/**
 * Bench hook (`ALFRED_KEY_TRACE=<file>`): for each key, the milliseconds from its arrival on stdin
 * to the end of the frame it led to, one line per key. It times alfred's own work, without the
 * terminal's: through a pty the round trip alone is more than a frame.
 */
export function traceKeys(file: string, stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream): NodeJS.WriteStream {
  let keyAt: number | undefined;
  stdin.prependListener('data', () => {
    keyAt ??= performance.now();
  });
  return stdoutWith(stdout, {
    after(chunk) {
      // A frame, not the short begin/end markers of a synchronized update around it.
      if (keyAt === undefined || typeof chunk !== 'string' || chunk.length <= 32) return;
      appendFileSync(file, `${(performance.now() - keyAt).toFixed(2)}\n`);
      keyAt = undefined;
    },
  });
}
