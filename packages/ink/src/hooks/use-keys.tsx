import { useInput, useStdin, type Key } from 'ink';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isPasteEnd, isPasteStart, isUnknownSequence, modifiedKey, mouseReport, pastedText, plainKey, typedAhead, type KeyHandler, type KeyPress } from './key-events.js';

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

/**
 * The longest keys wait for a hand-off: a dialog whose answer is still being saved, or a focus change
 * that never renders, must not hold the keyboard for longer than a person would notice.
 */
const HAND_OFF_MAX_MS = 1000;

/**
 * Every key goes through here. A handler whose key moves the keyboard to a component that is not
 * drawn yet (a dialog opening, a dialog closing back to the composer) calls `handOff`; the keys
 * after it, from the same read or later ones, wait until a key owner mounts or unmounts, then go to
 * whoever owns the keyboard by then.
 */
class KeyDispatch {
  readonly registry: Registry = new Set();
  private readonly waiting: Array<{ input: string; key: KeyPress }> = [];
  private holding: NodeJS.Timeout | undefined;

  deliver(input: string, key: KeyPress): void {
    if (this.holding !== undefined) {
      this.waiting.push({ input, key });
      return;
    }
    // Who owns the key is decided before any handler runs: a key that moves the focus is not
    // handled a second time by the owner it moved it to.
    const owners = [...this.registry].map((registration) => registration.current).filter(({ active }) => (typeof active === 'function' ? active() : active));
    for (const { handler } of owners) handler(input, key);
  }

  handOff(): void {
    if (this.holding !== undefined) clearTimeout(this.holding);
    this.holding = setTimeout(() => this.release(), HAND_OFF_MAX_MS);
  }

  /** A key owner mounted or unmounted; the keys held go out once the whole commit is done. */
  ownersChanged(): void {
    if (this.holding !== undefined) queueMicrotask(() => this.release());
  }

  private release(): void {
    clearTimeout(this.holding);
    this.holding = undefined;
    // A key may hand off again; the rest then wait for that change.
    while (this.holding === undefined && this.waiting.length > 0) {
      const next = this.waiting.shift();
      if (next) this.deliver(next.input, next.key);
    }
  }

  dispose(): void {
    clearTimeout(this.holding);
  }
}

const RouterContext = createContext<KeyDispatch | undefined>(undefined);

/**
 * Turns Ink's input events into key presses: gathers a bracketed paste into one press, reads wheel
 * steps from mouse reports and modified keys from xterm's modifyOtherKeys form, drops sequences Ink
 * could not parse, and splits keys that arrived in one read ("5because", "ab\u007f") so each is parsed
 * by Ink as its own key. Handlers read their state through `useLatestState`, so the second key sees
 * what the first one changed even though React has not rendered in between.
 */
function createKeyStream(router: KeyDispatch, emitter: { emit(event: string, input: string): void }) {
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
      if (text !== '') router.deliver(text, plainKey({ paste: true }));
      return;
    }
    const wheel = mouseReport(input);
    if (wheel !== undefined) {
      if (wheel !== 0) router.deliver('', plainKey({ wheel }));
      return;
    }
    const modified = modifiedKey(input);
    if (modified) return router.deliver(modified.input, modified.key);
    if (isUnknownSequence(input, key)) return;
    const keys = key.ctrl || key.meta ? undefined : typedAhead(input);
    if (!keys) return router.deliver(input, { ...key, paste: false });
    for (const single of keys) emitter.emit('input', single);
  };

  return handle;
}

/** The one subscriber to Ink's input; wrap the app in it. */
export function KeyRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => new KeyDispatch());
  const { internal_eventEmitter: emitter } = useStdin();
  const onInput = useMemo(() => createKeyStream(router, emitter), [router, emitter]);
  useEffect(() => () => router.dispose(), [router]);
  useInput(onInput);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

function useRouter(hook: string): KeyDispatch {
  const router = useContext(RouterContext);
  if (router === undefined) throw new Error(`${hook} needs a <KeyRouter> above it`);
  return router;
}

/**
 * For a key whose effect draws a new key owner (opens or closes a dialog, moves a dialog to its
 * next stage): call the returned function in the handler, and the keys typed after it wait until
 * the new owner is on screen instead of going to the one that is leaving.
 */
export function useKeyHandOff(): () => void {
  const router = useRouter('useKeyHandOff');
  return () => router.handOff();
}

/**
 * Calls `handler` for each key while active; the handler always sees the latest render. `isActive`
 * may be a function, asked at each key, so a key that closes one owner and opens another hands the
 * next key, from the same read, to the new owner.
 */
export function useKeys(handler: KeyHandler, options: { isActive?: boolean | (() => boolean) } = {}): void {
  const router = useRouter('useKeys');
  const registration = useRef<Registration>({ handler, active: options.isActive ?? true });
  useLayoutEffect(() => {
    registration.current = { handler, active: options.isActive ?? true };
  });
  useLayoutEffect(() => {
    router.registry.add(registration);
    router.ownersChanged();
    return () => {
      router.registry.delete(registration);
      router.ownersChanged();
    };
  }, [router]);
}
