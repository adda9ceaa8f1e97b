import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../content/content.js';
import { findCompressSplitPoint } from './compress-split.js';
import { HistoryService } from './history-service.js';
import { SUMMARY_PREFIX } from './summary-prompt.js';
import { estimatingCounter } from './token-counter.js';

const human = (text: string): IContent => ({ speaker: 'human', blocks: [{ type: 'text', text }] });
const ai = (text: string): IContent => ({ speaker: 'ai', blocks: [{ type: 'text', text }] });
const aiCalls = (ids: string[]): IContent => ({
  speaker: 'ai',
  blocks: ids.map((id) => ({ type: 'tool_call' as const, id, name: 'read_file', parameters: { path: `${id}.ts` } })),
});
const toolResponses = (ids: string[], size: number): IContent => ({
  speaker: 'tool',
  blocks: ids.map((id) => ({ type: 'tool_response' as const, callId: id, toolName: 'read_file', result: 'x'.repeat(size) })),
});

/** A random but valid conversation: human prompts, AI text, AI calls each answered right after. */
const historyArbitrary = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant('human' as const), size: fc.integer({ min: 1, max: 400 }) }),
      fc.record({ kind: fc.constant('ai' as const), size: fc.integer({ min: 1, max: 400 }) }),
      fc.record({ kind: fc.constant('tools' as const), size: fc.integer({ min: 1, max: 2000 }), count: fc.integer({ min: 1, max: 3 }) }),
    ),
    { minLength: 1, maxLength: 60 },
  )
  .map((steps) => {
    const history: IContent[] = [human('start')];
    steps.forEach((step, index) => {
      if (step.kind === 'human') history.push(human('h'.repeat(step.size)));
      else if (step.kind === 'ai') history.push(ai('a'.repeat(step.size)));
      else {
        const ids = Array.from({ length: step.count }, (_, call) => `hist_tool_${index}_${call}`);
        history.push(aiCalls(ids), toolResponses(ids, step.size));
      }
    });
    return history;
  });

function callIdsAnswered(history: readonly IContent[]): boolean {
  const open = new Set<string>();
  for (const entry of history) {
    for (const block of entry.blocks) {
      if (block.type === 'tool_call') open.add(block.id);
      if (block.type === 'tool_response') {
        if (!open.has(block.callId)) return false;
        open.delete(block.callId);
      }
    }
  }
  return open.size === 0;
}

describe('findCompressSplitPoint', () => {
  it('never separates a call from its response and keeps at least the preserved share', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.double({ min: 0.1, max: 0.9, noNaN: true }), (history, preserve) => {
        const tokens = history.map((entry) => JSON.stringify(entry).length);
        const split = findCompressSplitPoint(history, tokens, preserve);
        if (split === 0) return;
        const kept = tokens.slice(split).reduce((sum, value) => sum + value, 0);
        const total = tokens.reduce((sum, value) => sum + value, 0);
        expect(kept).toBeGreaterThanOrEqual(total * preserve);
        expect(callIdsAnswered(history.slice(0, split))).toBe(true);
        expect(callIdsAnswered(history.slice(split))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('HistoryService.compress', () => {
  function filledHistory(): HistoryService {
    const history = new HistoryService({ counter: estimatingCounter, contextWindow: 2_000 });
    for (let turn = 0; turn < 10; turn += 1) {
      history.add(human(`question ${turn} ${'q'.repeat(200)}`));
      history.add(aiCalls([`hist_tool_${turn}`]));
      history.add(toolResponses([`hist_tool_${turn}`], 400));
      history.add(ai(`answer ${turn}`));
    }
    return history;
  }

  it('places the summary first, keeps the newest turns whole and frees tokens', async () => {
    const history = filledHistory();
    const before = history.list();
    expect(history.needsCompression()).toBe(true);
    const result = await history.compress(async (older) => `covered ${older.length} entries`, new AbortController().signal);
    expect(result.status).toBe('compressed');
    const after = history.list();
    expect(after[0]?.metadata?.isSummary).toBe(true);
    expect(after[0]?.blocks[0]).toMatchObject({ type: 'text' });
    expect((after[0]?.blocks[0] as { text: string }).text).toContain(SUMMARY_PREFIX);
    expect(after.at(-1)).toBe(before.at(-1));
    expect(callIdsAnswered(after)).toBe(true);
    if (result.status === 'compressed') expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
  });

  it('queues entries added while the summary is written and appends them in order', async () => {
    const history = filledHistory();
    const result = history.compress(async () => {
      history.add(human('typed during compression'));
      history.add(ai('answered during compression'));
      return 'summary';
    }, new AbortController().signal);
    await result;
    const texts = history.list().slice(-2).map((entry) => (entry.blocks[0] as { text: string }).text);
    expect(texts).toEqual(['typed during compression', 'answered during compression']);
  });

  it('leaves the history unchanged when the summary fails, and waits before trying again', async () => {
    const history = filledHistory();
    const before = [...history.list()];
    const result = await history.compress(async () => {
      throw new Error('provider unavailable');
    }, new AbortController().signal);
    expect(result).toEqual({ status: 'failed', reason: 'provider unavailable' });
    expect(history.list()).toEqual(before);
    expect(history.needsCompression()).toBe(false);
    history.add(human('more'));
    history.add(ai('more'));
    history.add(human('more'));
    expect(history.needsCompression()).toBe(true);
  });

  it('trims the oldest exchanges, tool pairs whole, when no summary can be had and the window is full', async () => {
    const history = new HistoryService({ counter: estimatingCounter, contextWindow: 1_000 });
    for (let turn = 0; turn < 10; turn += 1) {
      history.add(human(`question ${turn}`));
      history.add(aiCalls([`hist_tool_${turn}`]));
      history.add(toolResponses([`hist_tool_${turn}`], 600));
    }
    const result = await history.compress(async () => '', new AbortController().signal);
    expect(result.status).toBe('trimmed');
    expect(callIdsAnswered(history.list())).toBe(true);
    expect(history.totalTokens()).toBeLessThanOrEqual(700);
  });

  it('reports the context left to listeners as entries arrive', () => {
    const history = new HistoryService({ counter: estimatingCounter, contextWindow: 1_000 });
    const seen: number[] = [];
    history.onTokensUpdated((figures) => seen.push(figures.tokens));
    history.add(human('a'.repeat(400)));
    history.add(ai('b'.repeat(400)));
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBeGreaterThan(seen[0]!);
    expect(history.contextLeftFraction()).toBeLessThan(0.8);
  });
});
