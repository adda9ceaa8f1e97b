import { useInput, useStdin, type Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { isPasteEnd, isPasteStart, mouseReport, pastedText, plainKey, typedAhead, type KeyHandler, type KeyPress } from './key-events.js';

/**
 * Why this exists: Ink's `useInput` re-subscribes a handler in a passive effect after every render,
 * and React runs passive effects some time later. Until then keys go to the handler of the previous
 * render, which still sees the old state: the reason typed right after "5" went to the dialog's
 * "choose" stage and vanished, Ctrl+R's query never grew, and a dialog that had just opened missed
 * its first keys. The router subscribes to Ink once; components register with `useKeys`, which
 * updates its handler in a layout effect, synchronously in the same commit as the state it reads.
 */

interface Registration {
  handler: KeyHandler;
  active: boolean | (() => boolean);
}

type Registry = Set<{ current: Registration }>;

const RegistryContext = createContext<Registry | undefined>(undefined);

/** Delivers every key to the active registrations, in the order they mounted. */
function deliver(registry: Registry, input: string, key: KeyPress): void {
  for (const registration of [...registry]) {
    const { active, handler } = registration.current;
    if (typeof active === 'function' ? active() : active) handler(input, key);
  }
}

/**
 * Turns Ink's input events into key presses: gathers a bracketed paste into one press, reads wheel
 * steps from mouse reports, and splits keys that arrived in one read ("5because", "ab\u007f") so
 * each is parsed by Ink as its own key. Handlers read their state through `useLatestState`, so the
 * second key sees what the first one changed even though React has not rendered in between.
 */
function createKeyStream(registry: Registry, emitter: { emit(event: string, input: string): void }) {
  let paste: string | undefined;

  const handle = (input: string, key: Key): void => {
    if (isPasteStart(input)) {
      paste = '';
      return;
    }
    if (paste !== undefined) {
      if (!isPasteEnd(input)) {
        paste += pastedText(input, key);
        return;
      }
      const text = paste.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
      paste = undefined;
      if (text !== '') deliver(registry, text, plainKey({ paste: true }));
      return;
    }
    const wheel = mouseReport(input);
    if (wheel !== undefined) {
      if (wheel !== 0) deliver(registry, '', plainKey({ wheel }));
      return;
    }
    const keys = key.ctrl || key.meta ? undefined : typedAhead(input);
    if (!keys) return deliver(registry, input, { ...key, paste: false });
    for (const single of keys) emitter.emit('input', single);
  };

  return handle;
}

/** The one subscriber to Ink's input; wrap the app in it. */
export function KeyRouter({ children }: { children: ReactNode }) {
  const registry = useRef<Registry>(new Set()).current;
  const { internal_eventEmitter: emitter } = useStdin();
  const onInput = useMemo(() => createKeyStream(registry, emitter), [registry, emitter]);
  useInput(onInput);
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/**
 * Calls `handler` for each key while active; the handler always sees the latest render. `isActive`
 * may be a function, asked at each key, so a key that closes one owner and opens another hands the
 * next key, from the same read, to the new owner.
 */
export function useKeys(handler: KeyHandler, options: { isActive?: boolean | (() => boolean) } = {}): void {
  const registry = useContext(RegistryContext);
  if (registry === undefined) throw new Error('useKeys needs a <KeyRouter> above it');
  const registration = useRef<Registration>({ handler, active: options.isActive ?? true });
  useLayoutEffect(() => {
    registration.current = { handler, active: options.isActive ?? true };
  });
  useLayoutEffect(() => {
    registry.add(registration);
    return () => {
      registry.delete(registration);
    };
  }, [registry]);
}
