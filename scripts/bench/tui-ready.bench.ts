import { tempWorkspace } from '../../packages/testkit/src/index.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { isReady, median, memoryMb, startScripted } from './tui-fixture.js';

export const name = 'tui-ready';
export const description = '`alfred` (scripted controller) in a 120×40 pty from spawn until the composer is drawn and waiting';
/** Issue 12: a ready prompt within 300 ms (the fastest peers: 0.37 s native, 0.64 s Node). */
export const budget: Budget = { maxMedianMs: 300 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  const samples: number[] = [];
  const idleRss: number[] = [];
  for (let round = 0; round < context.runs + 1; round++) {
    await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
    const start = process.hrtime.bigint();
    await using session = await startScripted(workspace, [[{ type: 'done', reason: 'stop' }]]);
    await session.waitForText(isReady, { timeoutMs: 30_000 });
    const ms = elapsedMs(start);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (round > 0) {
      samples.push(ms);
      idleRss.push(memoryMb(session.pid).current);
    }
    context.log(`run ${round}/${context.runs}: ${ms.toFixed(0)} ms`);
  }
  return { samples, note: `idle RSS 0.5 s after ready: median ${median(idleRss).toFixed(0)} MB (budget 150 MB); first run discarded as warm-up` };
}
