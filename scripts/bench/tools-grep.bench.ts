import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { benchGrep } from './tools-tree-fixture.js';

export const name = 'tools-grep';
export const description = 'grep tool (ripgrep engine) for NEEDLE_MARK over a generated 50,000-file tree, beside plain `rg`';
/** issue 5: within 2× of rg on the same tree. */
export const budget: Budget = { maxRatio: 2 };

export function run(context: BenchContext): Promise<BenchSamples> {
  return benchGrep(context, 'ripgrep');
}
