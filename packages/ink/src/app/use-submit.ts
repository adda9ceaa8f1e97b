import { useApp, useStdout } from 'ink';
import { useRef, useState } from 'react';
import type { AgentSessionHandle } from '../hooks/use-agent-session.js';
import type { DialogRequest } from './DialogHost.js';
import { localCommand } from './local-commands.js';
import type { SessionController } from './session-controller.js';
import { copyText } from './clipboard.js';

interface SubmitOptions {
  controller: SessionController;
  session: AgentSessionHandle;
  version: string;
  openDialog(request: DialogRequest): void;
  setMessage(message: string | undefined): void;
}

function countLines(text: string): string {
  const lines = text.split('\n').length;
  return lines === 1 ? '1 line' : `${lines} lines`;
}

/**
 * What Enter in the composer does: UI commands and dialogs here, everything else (prompts, `!shell`,
 * the engine's `/commands`) to the controller. A prompt sent while a turn runs waits for it.
 */
export function useSubmit({ controller, session, version, openDialog, setMessage }: SubmitOptions) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [history, setHistory] = useState<string[]>(() => controller.history?.() ?? []);
  const queued = useRef<Array<{ text: string; shell: boolean }>>([]);
  const notice = (level: 'info' | 'error', text: string) => session.dispatch({ type: 'notice', level, text });

  const run = (text: string, shell: boolean) => {
    void session.send(text, shell).then(() => {
      const next = queued.current.shift();
      setMessage(undefined);
      if (next) run(next.text, next.shell);
    });
  };

  const resume = (id: string) => {
    controller.resumeSession?.(id).then(
      (events) => session.replay(events),
      (error: unknown) => notice('error', error instanceof Error ? error.message : String(error)),
    );
  };

  const submit = (text: string, shell: boolean) => {
    setMessage(undefined);
    setHistory((entries) => [...entries, text]);
    controller.recordPrompt?.(text);
    const effect = shell ? undefined : localCommand(text, session.state, controller, version);
    switch (effect?.kind) {
      case 'notice':
        return notice('info', effect.text);
      case 'clear':
        return session.dispatch({ type: 'clear' });
      case 'theme_dialog':
        return openDialog({ kind: 'theme' });
      case 'dialog':
        return openDialog({ kind: effect.dialog });
      case 'resume':
        return resume(effect.id);
      case 'quit':
        return exit();
      case 'copy':
        return void copyText(effect.text, stdout).then((how) => notice('info', `Copied the last answer (${countLines(effect.text)}) ${how}.`));
    }
    if (session.running) {
      queued.current.push({ text, shell });
      return setMessage(`queued: ${text.slice(0, 40)}`);
    }
    run(text, shell);
  };

  return { submit, history };
}
