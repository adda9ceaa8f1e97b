import { EMPTY_TRANSCRIPT, type TranscriptState } from './history-items.js';
import { reduceTranscript, type TranscriptAction } from './reduce-transcript.js';

/**
 * A resumed session's transcript: its events folded from empty, each prompt closing the turn before
 * it (a recorded turn may lack its `done`), and the last turn closed too, so nothing shows as running.
 */
export function replayTranscript(events: readonly TranscriptAction[], now: number, base: TranscriptState = EMPTY_TRANSCRIPT): TranscriptState {
  // Ids go on from the transcript it replaces: inline mode writes each id to the scrollback once.
  let state: TranscriptState = { ...EMPTY_TRANSCRIPT, thinkingExpanded: base.thinkingExpanded, nextId: base.nextId };
  for (const event of events) {
    if (event.type === 'user_prompt') state = reduceTranscript(state, { type: 'turn_end' }, now);
    state = reduceTranscript(state, event, now);
  }
  return reduceTranscript(state, { type: 'turn_end' }, now);
}
