import { useEffect, useRef } from 'react';
import { useKeyHandOff } from '../hooks/use-keys.js';
import { useLatestState } from '../hooks/use-latest-state.js';
import type { DialogRequest } from './DialogHost.js';
import type { SessionController } from './session-controller.js';

function authNeeded(controller: SessionController): DialogRequest | undefined {
  return controller.needsAuth?.() === true && controller.setApiKey ? { kind: 'auth', firstRun: true } : undefined;
}

/** The first-run dialogs: folder trust when it is unknown, then auth when no provider has a key. */
function firstRunDialog(controller: SessionController): DialogRequest | undefined {
  if (controller.trustState?.() === 'unknown' && controller.setTrust) return { kind: 'trust', firstRun: true };
  return authNeeded(controller);
}

/**
 * A fast start draws the first frame from what the last start found; if the engine, once up, finds
 * the folder's trust unknown or no key after all, the first-run dialog opens then. Only that first
 * word from the engine counts: later changes never reopen a dialog the user closed.
 */
function useFirstRunRecheck(controller: SessionController, recheck: () => void): void {
  const latestRecheck = useRef(recheck);
  latestRecheck.current = recheck;
  useEffect(() => {
    let off: (() => void) | undefined;
    off = controller.onInfoChange?.(() => {
      off?.();
      off = undefined;
      latestRecheck.current();
    });
    return () => off?.();
  }, [controller]);
}

/**
 * Which dialog is open. Closing the trust dialog moves on to auth when that is still needed. Keys
 * typed after the one that opens or closes a dialog wait for it to be drawn ("/theme⏎2").
 */
export function useDialogs(controller: SessionController) {
  const [dialog, setDialog, latest] = useLatestState<DialogRequest | undefined>(() => firstRunDialog(controller));
  useFirstRunRecheck(controller, () => {
    const request = latest() === undefined ? firstRunDialog(controller) : undefined;
    if (request) setDialog(request);
  });
  const handOff = useKeyHandOff();
  return {
    dialog,
    latest,
    open: (request: DialogRequest) => {
      handOff();
      setDialog(request);
    },
    close: () => {
      handOff();
      setDialog(latest()?.kind === 'trust' ? authNeeded(controller) : undefined);
    },
  };
}
