import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { benchGrep } from './tools-tree-fixture.js';

export const name = 'tools-grep-js';
export const description = 'grep tool forced to the JS fallback for NEEDLE_MARK over a generated 50,000-file tree, beside plain `rg`';
/** issue 5: the JS fallback within 5× of rg. */
export const budget: Budget = { maxRatio: 5 };

export function run(context: BenchContext): Promise<BenchSamples> {
  return benchGrep(context, 'js', 'fresh discovery service each run (no crawl cache)');
}
