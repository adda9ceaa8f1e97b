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
 * Which dialog is open. Closing the trust dialog moves on to auth when that is still needed. Keys
 * typed after the one that opens or closes a dialog wait for it to be drawn ("/theme⏎2").
 */
export function useDialogs(controller: SessionController) {
  const [dialog, setDialog, latest] = useLatestState<DialogRequest | undefined>(() => firstRunDialog(controller));
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
