import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { benchHome, newHistory, recordTurns } from './sessions-fixture.js';

export const name = 'sessions-resume';
export const description = 'resume a 5,000-record session: read, replay, repair, load into a HistoryService';
/** issue 9: resuming a 5,000-event session ≤ 300 ms. */
export const budget: Budget = { maxMedianMs: 300 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  const home = await benchHome();
  try {
    const id = recordTurns(home.store, 1_000);
    const samples: number[] = [];
    for (let run = 0; run < context.runs + 1; run += 1) {
      const start = process.hrtime.bigint();
      const resumed = await home.store.resume(id);
      const history = newHistory();
      resumed.recorder.attach(history);
      const ms = elapsedMs(start);
      if (history.length !== 3_000) throw new Error(`resumed ${history.length} entries, expected 3000`);
      resumed.recorder.close();
      if (run > 0) samples.push(ms);
    }
    return { samples, note: '1,000 turns × (prompt, 2 streamed chunks, answer with a tool call, tool result); first run discarded' };
  } finally {
    await home.dispose();
  }
}
