import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { measureStream } from './tui-stream-measure.js';

export const name = 'tui-stream-inline';
export const description = 'a 60 KB markdown answer streamed as fast as the scripted controller yields it, inline (--inline), 120×40: bytes written to the terminal while streaming (samples) against the answer\'s bytes (baseline)';
/** Issue 12: at most 1.5× the content's bytes inline. */
export const budget: Budget = { maxRatio: 1.5 };

export function run(context: BenchContext): Promise<BenchSamples> {
  return measureStream(context, ['--inline']);
}
