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

/** Which dialog is open. Closing the trust dialog moves on to auth when that is still needed. */
export function useDialogs(controller: SessionController) {
  const [dialog, setDialog, latest] = useLatestState<DialogRequest | undefined>(() => firstRunDialog(controller));
  return {
    dialog,
    latest,
    open: (request: DialogRequest) => setDialog(request),
    close: () => setDialog(latest()?.kind === 'trust' ? authNeeded(controller) : undefined),
  };
}
