import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { generateTree, hasRipgrep, runTool, timeRipgrep, toolsFor } from './tools-tree-fixture.js';

export const name = 'tools-grep-js';
export const description = 'grep tool forced to the JS fallback for NEEDLE_MARK over a generated 50,000-file tree, beside plain `rg`';
/** issue 5: the JS fallback within 5× of rg. */
export const budget: Budget = { maxRatio: 5 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  if (!hasRipgrep()) throw new Error('rg is not installed; the grep bench compares against it');
  const tree = await generateTree(context.log);
  try {
    const tools = await toolsFor(tree.root, 'js');
    const samples: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < context.runs; run++) {
      const start = process.hrtime.bigint();
      const output = await runTool(tools()['grep'], { pattern: 'NEEDLE_MARK' });
      samples.push(elapsedMs(start));
      if (!output.includes('matching line(s)')) throw new Error(`unexpected grep output: ${output.slice(0, 200)}`);
      baseline.push(timeRipgrep(['-n', 'NEEDLE_MARK'], tree.root));
    }
    return { samples, baseline: { label: 'rg -n NEEDLE_MARK', samples: baseline }, note: 'fresh discovery service each run (no crawl cache)' };
  } finally {
    await tree.dispose();
  }
}
