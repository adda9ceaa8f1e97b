import { tempWorkspace } from '../../packages/testkit/src/index.js';
import type { BenchContext, BenchSamples } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { cpuSeconds, END_MARKER, isReady, markdownAnswer, median, memoryMb, startScripted, streamingScript } from './tui-fixture.js';

const CLEAR_SCREEN = ['\u001B[2J', '\u001Bc'];
const BEGIN_SYNC = '\u001B[?2026h';
const END_SYNC = '\u001B[?2026l';

/**
 * Streams a 60 KB answer and returns the bytes written while it streamed as samples, the answer's
 * bytes as the baseline (so the report's ratio is bytes per content byte), and in the note the time
 * to the last line on screen, CPU seconds, peak RSS and any clear-screen sequence seen.
 */
export async function measureStream(context: BenchContext, args: string[]): Promise<BenchSamples> {
  const answer = markdownAnswer(60_000);
  const contentBytes = Buffer.byteLength(answer);
  const written: number[] = [];
  const onScreen: number[] = [];
  const cpu: number[] = [];
  const peak: number[] = [];
  let clears = 0;
  let synchronized = 0;
  let unbalanced = 0;
  for (let round = 0; round < context.runs; round++) {
    await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
    await using session = await startScripted(workspace, [streamingScript(answer)], args);
    await session.waitForText(isReady, { timeoutMs: 30_000 });
    // A person types for longer than this: what loads just after the first frame (the markdown
    // renderer) is in, so the figures are those of streaming, not of start-up.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    session.type('explain the parser');
    await session.waitForText('explain the parser');
    const bytesBefore = session.bytesWritten;
    const outputBefore = session.output.length;
    const cpuBefore = cpuSeconds(session.pid);
    const start = process.hrtime.bigint();
    session.press('enter');
    // Inline, the answer is on screen when all of it is: the scrollback above holds its first part.
    const inline = args.includes('--inline');
    const complete = (lines: string[]) =>
      lines.some((line) => line.includes(END_MARKER)) && !lines.some((line) => line.includes('esc to cancel')) && (!inline || session.allLines().some((line) => line.startsWith('Section 0')));
    await session.waitForText(complete, { timeoutMs: 60_000 });
    onScreen.push(elapsedMs(start));
    written.push(session.bytesWritten - bytesBefore);
    cpu.push(cpuSeconds(session.pid) - cpuBefore);
    peak.push(memoryMb(session.pid).peak);
    const streamed = session.output.slice(outputBefore);
    clears += CLEAR_SCREEN.reduce((count, sequence) => count + streamed.split(sequence).length - 1, 0);
    // Each frame should be one synchronized update (DEC mode 2026): begin and end in pairs.
    const begins = streamed.split(BEGIN_SYNC).length - 1;
    synchronized += begins;
    unbalanced += Math.abs(begins - (streamed.split(END_SYNC).length - 1));
    context.log(`run ${round + 1}/${context.runs}: ${(written.at(-1) ?? 0) / contentBytes}× bytes, ${onScreen.at(-1)?.toFixed(0)} ms`);
  }
  return {
    samples: written,
    baseline: { label: `answer bytes (${contentBytes})`, samples: written.map(() => contentBytes) },
    note:
      `figures are bytes, not ms. On screen after Enter: median ${median(onScreen).toFixed(0)} ms (budget 300); CPU ${median(cpu).toFixed(2)} s (budget 0.4); ` +
      `peak RSS ${median(peak).toFixed(0)} MB (budget 200); clear-screen sequences while streaming: ${clears} (budget 0); synchronized updates: ${synchronized}, unpaired: ${unbalanced}`,
  };
}
