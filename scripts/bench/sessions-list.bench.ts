import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { benchHome, recordTurns } from './sessions-fixture.js';

export const name = 'sessions-list';
export const description = 'list 1,000 sessions of one project through the index (each file checked for staleness)';
/** issue 9: listing 1,000 sessions ≤ 100 ms. */
export const budget: Budget = { maxMedianMs: 100 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  const home = await benchHome();
  try {
    for (let session = 0; session < 1_000; session += 1) recordTurns(home.store, 3);
    const rebuildStart = process.hrtime.bigint();
    const first = await home.store.list();
    const rebuildMs = elapsedMs(rebuildStart);
    if (first.length !== 1_000) throw new Error(`listed ${first.length} sessions, expected 1000`);
    const samples: number[] = [];
    for (let run = 0; run < context.runs; run += 1) {
      const start = process.hrtime.bigint();
      await home.store.list();
      samples.push(elapsedMs(start));
    }
    return { samples, note: `index up to date; building it from the 1,000 files took ${rebuildMs.toFixed(0)} ms` };
  } finally {
    await home.dispose();
  }
}
