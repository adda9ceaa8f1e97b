import { HistoryService } from '../../packages/core/src/history/history-service.js';
import { loadTokenCounter } from '../../packages/core/src/history/token-counter.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { mixedHistory } from './history-fixture.js';

export const name = 'history-tokens-cached';
export const description = 'count tokens of the same 1 MB history again (every block cached)';
/** issue 4: counting tokens of 1 MB, median ≤ 5 ms when cached. */
export const budget: Budget = { maxMedianMs: 5 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  const history = new HistoryService({ counter: await loadTokenCounter('gpt-4.1'), contextWindow: 1_000_000 });
  for (const entry of mixedHistory(context.root)) history.add(entry);
  history.totalTokens();
  const samples: number[] = [];
  for (let index = 0; index < Math.max(context.runs, 20); index += 1) {
      const start = process.hrtime.bigint();
      history.totalTokens();
      samples.push(elapsedMs(start));
    }
  return { samples };
}
