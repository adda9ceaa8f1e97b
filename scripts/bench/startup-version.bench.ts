import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { interleave, timeCommand } from './lib/measure.js';

export const name = 'startup-version';
export const description = '`alfred --version` from spawn to exit, beside `node -e 0`';
/** issue 2: printing the version must cost little more than starting Node at all. */
export const budget: Budget = { maxRatio: 1.5 };

/** Times the bundled command against a bare Node start, interleaved. */
export async function run(context: BenchContext): Promise<BenchSamples> {
  const { samples, baseline } = await interleave(
    context.runs,
    () => timeCommand(process.execPath, [context.alfredBundle, '--version'], { cwd: context.root }),
    () => timeCommand(process.execPath, ['-e', '0'], { cwd: context.root }),
    { log: context.log },
  );
  return { samples, baseline: { label: 'node -e 0', samples: baseline } };
}
