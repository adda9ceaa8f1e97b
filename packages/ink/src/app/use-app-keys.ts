import { useState } from 'react';
import type { AgentSessionHandle } from '../hooks/use-agent-session.js';
import { useKeys } from '../hooks/use-keys.js';
import type { SessionController } from './session-controller.js';
import type { TerminalControl } from './terminal-screen.js';

interface AppKeyOptions {
  controller: SessionController;
  session: AgentSessionHandle;
  terminal: TerminalControl | undefined;
  fullscreen: boolean;
  /** False while a dialog or search has the keyboard. */
  idle(): boolean;
  onApprovalMode(mode: string): void;
  onSearch(): void;
  setMessage(message: string | undefined): void;
}

const SELECT_MESSAGE = 'select mode: the mouse is released for selecting text · ctrl+s or esc to return';

/**
 * Keys that work everywhere outside dialogs: Shift+Tab approval mode, Ctrl+T thinking, Ctrl+F
 * search, Ctrl+S select mode (releases the mouse), Ctrl+Z suspend.
 */
export function useAppKeys(options: AppKeyOptions): { selectMode: boolean } {
  const { controller, session, terminal, fullscreen, setMessage } = options;
  const [selectMode, setSelectMode] = useState(false);

  const toggleSelect = (on: boolean) => {
    setSelectMode(on);
    terminal?.setMouse(!on);
    setMessage(on ? SELECT_MESSAGE : undefined);
  };

  useKeys((input, key) => {
    if (selectMode && (key.escape || (key.ctrl && input === 's'))) return toggleSelect(false);
    if (key.tab && key.shift) return options.onApprovalMode(controller.cycleApprovalMode());
    if (!key.ctrl) return;
    if (input === 't') return session.dispatch({ type: 'toggle_thinking' });
    if (input === 'z') return terminal?.suspend();
    if (!options.idle()) return;
    if (input === 'f') {
      if (fullscreen) return options.onSearch();
      return setMessage('search needs full screen; use the terminal’s own search inline');
    }
    if (input === 's' && fullscreen) toggleSelect(true);
  });

  return { selectMode };
}
