/** What a stand-in for stdout does with a write: the data to send on, in place of the chunk. */
export type WriteFilter = (chunk: unknown) => unknown;

/**
 * A stream to give Ink that is `stdout` in every respect (size, TTY-ness, events) except that
 * each write passes through `filter` first and `after` sees it once written. `properties` answer
 * in place of stdout's own.
 */
export function stdoutWith(
  stdout: NodeJS.WriteStream,
  hooks: { filter?: WriteFilter; after?: (chunk: unknown) => void; properties?: Record<PropertyKey, () => unknown> },
): NodeJS.WriteStream {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const written = (stdout.write as (...args: unknown[]) => boolean).call(stdout, hooks.filter ? hooks.filter(chunk) : chunk, ...rest);
    hooks.after?.(chunk);
    return written;
  };
  return new Proxy(stdout, {
    get(target, property) {
      if (property === 'write') return write;
      const own = hooks.properties?.[property];
      if (own) return own();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
