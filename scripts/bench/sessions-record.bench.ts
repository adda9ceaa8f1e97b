import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { benchHome, newHistory } from './sessions-fixture.js';

export const name = 'sessions-record';
export const description = 'recording overhead per event (history entries and streamed deltas), per event';
/** issue 9: recording overhead ≤ 1 ms per event. */
export const budget: Budget = { maxMedianMs: 1 };

const EVENTS_PER_SAMPLE = 500;

export async function run(context: BenchContext): Promise<BenchSamples> {
  const home = await benchHome();
  try {
    const recorder = home.store.create({ provider: 'anthropic', model: 'bench-model' });
    const history = newHistory();
    recorder.attach(history);
    const samples: number[] = [];
    for (let run = 0; run < context.runs + 1; run += 1) {
      const start = process.hrtime.bigint();
      for (let event = 0; event < EVENTS_PER_SAMPLE; event += 2) {
        recorder.record({ type: 'text_delta', text: 'a streamed chunk of an answer ' });
        history.add({ speaker: event % 4 === 0 ? 'human' : 'ai', blocks: [{ type: 'text', text: `entry ${event} of a growing session` }] });
      }
      const ms = elapsedMs(start) / EVENTS_PER_SAMPLE;
      if (run > 0) samples.push(ms);
    }
    recorder.close();
    return { samples, note: `each sample: ${EVENTS_PER_SAMPLE} events (half deltas, half history adds) into a growing session, divided by ${EVENTS_PER_SAMPLE}` };
  } finally {
    await home.dispose();
  }
}
