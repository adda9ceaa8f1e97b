import type { IContent } from '../../packages/core/src/content/content.js';
import { findCompressSplitPoint } from '../../packages/core/src/history/compress-split.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';

export const name = 'history-split';
export const description = 'find the compression split point over 5,000 history entries with tool pairs';
/** issue 4: split point over 5,000 entries ≤ 10 ms. */
export const budget: Budget = { maxMedianMs: 10 };

export async function run(context: BenchContext): Promise<BenchSamples> {
  const history: IContent[] = [];
  const tokens: number[] = [];
  for (let index = 0; history.length < 5_000; index += 1) {
    history.push({ speaker: 'human', blocks: [{ type: 'text', text: `question ${index}` }] });
    history.push({ speaker: 'ai', blocks: [{ type: 'tool_call', id: `hist_tool_${index}`, name: 'read_file', parameters: { path: `f${index}` } }] });
    history.push({ speaker: 'tool', blocks: [{ type: 'tool_response', callId: `hist_tool_${index}`, toolName: 'read_file', result: 'x'.repeat(100) }] });
    history.push({ speaker: 'ai', blocks: [{ type: 'text', text: `answer ${index}` }] });
    tokens.push(5, 20, 40, 8);
  }
  const samples: number[] = [];
  for (let index = 0; index < Math.max(context.runs, 20); index += 1) {
      const start = process.hrtime.bigint();
      findCompressSplitPoint(history, tokens, 0.3);
      samples.push(elapsedMs(start));
    }
  return { samples };
}
