import { HistoryService } from '../../packages/core/src/history/history-service.js';
import { loadTokenCounter } from '../../packages/core/src/history/token-counter.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { mixedHistory } from './history-fixture.js';

export const name = 'history-tokens';
export const description = 'count tokens of 1 MB of mixed code and prose with the o200k tokenizer, nothing cached (tokenizer tables already loaded)';
/** issue 4: counting tokens of 1 MB of mixed code and prose, median ≤ 150 ms cold. */
export const budget: Budget = { maxMedianMs: 150 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  const counter = await loadTokenCounter('gpt-4.1');
  const samples: number[] = [];
  for (let index = 0; index < Math.max(context.runs, 10); index += 1) {
    // A fresh history holds fresh blocks, so nothing is served from the per-block cache.
    const history = new HistoryService({ counter, contextWindow: 1_000_000 });
    const entries = mixedHistory(context.root).map((entry) => structuredClone(entry));
    for (const entry of entries) history.add(entry);
    {
      const start = process.hrtime.bigint();
      history.totalTokens();
      samples.push(elapsedMs(start));
    }
  }
  return { samples, note: 'the tokenizer module is loaded once before timing; its load is a start-up cost paid in the background' };
}
