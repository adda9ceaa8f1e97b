import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { historyToEvents } from '../../runtime/history-replay.js';
import { promptText } from '../session-summary.js';
import { formatRecalledContext } from './recall.js';

const recalled = formatRecalledContext([{ sessionId: 's1', title: 'an earlier session', time: 0, turn: 1, speaker: 'human', snippet: 'the parser', score: 1 }]);
const turn: IContent = { speaker: 'human', blocks: [{ type: 'text', text: recalled }, { type: 'text', text: 'fix the parser' }] };

describe('a prompt that carries recalled context', () => {
  it('is titled and listed by what the user typed', () => {
    expect(recalled).toContain('<recalled_context>');
    expect(promptText(turn)).toBe('fix the parser');
  });

  it('replays on screen as what the user typed', () => {
    expect(historyToEvents([turn])).toContainEqual({ type: 'user_prompt', text: 'fix the parser' });
  });
});
