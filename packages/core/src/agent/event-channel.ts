/**
 * A push-to-pull queue: producers (the stream, several running tools) push events as they happen,
 * one consumer iterates them in order. Lets an async generator yield events produced concurrently.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly buffer: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private closed = false;
  private failure: unknown;

  push(value: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
    } else {
      this.buffer.push(value);
    }
  }

  close(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.failure = error;
    if (this.waiting && this.buffer.length === 0) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: undefined, done: true });
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.buffer.length > 0) {
        yield this.buffer.shift() as T;
        continue;
      }
      if (this.closed) {
        if (this.failure !== undefined) throw this.failure;
        return;
      }
      const next = await new Promise<IteratorResult<T>>((resolve) => {
        this.waiting = resolve;
      });
      if (next.done) {
        if (this.failure !== undefined) throw this.failure;
        return;
      }
      yield next.value;
    }
  }
}
