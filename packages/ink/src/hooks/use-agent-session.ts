import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionController } from '../app/session-controller.js';
import { EMPTY_TRANSCRIPT, type TranscriptState } from '../state/history-items.js';
import { reduceTranscript, type TranscriptAction } from '../state/reduce-transcript.js';
import { replayTranscript } from '../state/replay-transcript.js';

/** Streaming deltas are folded into the state at once but drawn at most once per frame. */
const FRAME_MS = 16;
/** Events a person is waiting on are drawn without waiting for the frame. */
const URGENT = new Set<TranscriptAction['type']>(['user_prompt', 'tool_confirmation_request', 'done', 'turn_end', 'clear', 'notice']);

export interface AgentSessionHandle {
  state: TranscriptState;
  running: boolean;
  dispatch(action: TranscriptAction): void;
  send(prompt: string, shell: boolean): Promise<void>;
  /** Replaces the transcript with a resumed session's events. */
  replay(events: readonly TranscriptAction[]): void;
}

/** The one subscriber to the controller's event stream: reduces events into the transcript. */
export function useAgentSession(controller: SessionController): AgentSessionHandle {
  const latest = useRef<TranscriptState>(EMPTY_TRANSCRIPT);
  const [state, setState] = useState<TranscriptState>(EMPTY_TRANSCRIPT);
  const timer = useRef<NodeJS.Timeout | undefined>(undefined);

  const flush = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    setState(latest.current);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const dispatch = useCallback(
    (action: TranscriptAction) => {
      latest.current = reduceTranscript(latest.current, action, Date.now());
      if (URGENT.has(action.type)) flush();
      else timer.current ??= setTimeout(flush, FRAME_MS);
    },
    [flush],
  );

  const send = useCallback(
    async (prompt: string, shell: boolean) => {
      dispatch({ type: 'user_prompt', text: prompt, shell });
      try {
        for await (const event of controller.send(prompt, shell ? { shell } : undefined)) dispatch(event);
      } catch (error) {
        dispatch({ type: 'notice', level: 'error', text: error instanceof Error ? error.message : String(error) });
      }
      dispatch({ type: 'turn_end' });
    },
    [controller, dispatch],
  );

  const replay = useCallback(
    (events: readonly TranscriptAction[]) => {
      latest.current = replayTranscript(events, Date.now(), latest.current);
      flush();
    },
    [flush],
  );

  return { state, running: state.turnStartedAt !== undefined, dispatch, send, replay };
}
