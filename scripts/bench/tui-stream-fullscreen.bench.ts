import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { measureStream } from './tui-stream-measure.js';

export const name = 'tui-stream-fullscreen';
export const description = 'a 60 KB markdown answer streamed as fast as the scripted controller yields it, full screen, 120×40: bytes written to the terminal while streaming (samples) against the answer\'s bytes (baseline)';
/** Issue 12: at most 1.0× the content's bytes in full screen (only what is visible is drawn). */
export const budget: Budget = { maxRatio: 1.0 };

export function run(context: BenchContext): Promise<BenchSamples> {
  return measureStream(context, []);
}
