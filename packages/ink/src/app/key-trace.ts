import { appendFileSync } from 'node:fs';

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
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const written = (stdout.write as (...args: unknown[]) => boolean).call(stdout, chunk, ...rest);
    // A frame, not the short begin/end markers of a synchronized update around it.
    if (keyAt !== undefined && typeof chunk === 'string' && chunk.length > 32) {
      appendFileSync(file, `${(performance.now() - keyAt).toFixed(2)}\n`);
      keyAt = undefined;
    }
    return written;
  };
  return new Proxy(stdout, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
