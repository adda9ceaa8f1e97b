import { useRef, useState } from 'react';

/**
 * State whose latest value key handlers can read at once. When several keys arrive in one read,
 * React renders once after all of them, so a handler that read rendered state would see the value
 * from before the previous key ("5" then the reason, Ctrl+R then the query). `get()` sees every
 * `set()` immediately; the rendered value follows with the next render.
 */
export function useLatestState<T>(initial: T | (() => T)): [T, (next: T) => void, () => T] {
  const [value, setValue] = useState(initial);
  const latest = useRef(value);
  const set = (next: T) => {
    latest.current = next;
    setValue(next);
  };
  return [value, set, () => latest.current];
}
