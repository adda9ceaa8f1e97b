import type { AgentEvent } from '../agent/events.js';
import type { IContent } from '../content/content.js';
import { isRecalledContext } from '../sessions/recall/recall.js';

const PREVIEW = 2_000;

/**
 * The events that redraw a saved conversation in a fresh transcript: each prompt, the answers and
 * tool calls with their results, a notice for a compression summary, and `done` between exchanges.
 */
export function historyToEvents(history: readonly IContent[]): AgentEvent[] {
  const events: AgentEvent[] = [];
  let open = false;
  const close = () => {
    if (open) events.push({ type: 'done', reason: 'stop' });
    open = false;
  };
  for (const entry of history) {
    if (entry.metadata?.isSummary) {
      close();
      events.push({ type: 'notice', level: 'info', text: 'Earlier messages were compressed into a summary.' });
      continue;
    }
    if (entry.speaker === 'human') {
      const text = entry.blocks.flatMap((block) => (block.type === 'text' && !isRecalledContext(block.text) ? [block.text] : [])).join('\n');
      if (entry.metadata?.synthetic || text === '') continue;
      close();
      events.push({ type: 'user_prompt', text: text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text });
      open = true;
      continue;
    }
    for (const block of entry.blocks) events.push(...blockEvents(block, entry.speaker));
  }
  close();
  return events;
}

/** What one block of an answer or a tool turn draws. */
function blockEvents(block: IContent['blocks'][number], speaker: IContent['speaker']): AgentEvent[] {
  switch (block.type) {
    case 'text':
      return speaker === 'ai' ? [{ type: 'text_delta', text: block.text }] : [];
    case 'thinking':
      return [{ type: 'thinking_delta', text: block.text }];
    case 'tool_call':
      return [{ type: 'tool_call', call: { id: block.id, name: block.name, args: block.parameters, description: block.name, kind: 'other' } }];
    case 'tool_response': {
      const text = block.error ?? (typeof block.result === 'string' ? block.result : JSON.stringify(block.result ?? ''));
      const summary = text.split('\n')[0]?.slice(0, 120) ?? '';
      return [{ type: 'tool_result', callId: block.callId, status: block.error ? 'error' : 'completed', view: { summary }, durationMs: 0 }];
    }
    default:
      return [];
  }
}
