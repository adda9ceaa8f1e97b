import { tempWorkspace, type PtySession } from '../../packages/testkit/src/index.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { isReady, markdownAnswer, median, memoryMb, startScripted, streamingScript } from './tui-fixture.js';

export const name = 'tui-echo';
export const description = 'keystroke echo (key sent until the composer shows it) at turn 200 of a full-screen session (samples) against turn 1 (baseline), 120×40';
/** Issue 12: keystroke echo at turn 200 within 1.2× of turn 1. */
export const budget: Budget = { maxRatio: 1.2 };

const TURNS = 200;

/** Types one letter and waits until the composer shows the word it completes, then clears it. */
async function echo(session: PtySession, word: string): Promise<number> {
  session.type(word.slice(0, -1));
  await session.waitForText(`> ${word.slice(0, -1)}`);
  const start = process.hrtime.bigint();
  session.type(word.slice(-1));
  await session.waitForText(`> ${word}`);
  const ms = elapsedMs(start);
  session.press('ctrl+u');
  await session.waitForText((lines) => !lines.some((line) => line.includes(`> ${word}`)));
  return ms;
}

async function echoes(session: PtySession, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) samples.push(await echo(session, `probe${index}x`));
  return samples;
}

export async function run(context: BenchContext): Promise<BenchSamples> {
  await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
  // Each turn answers with one section of markdown (about 500 bytes, 14 rows), short enough that the
  // prompt stays on screen to wait for; turn 200 has some 100 KB of transcript behind it.
  await using session = await startScripted(workspace, [streamingScript(markdownAnswer(300).replace('END-OF-ANSWER', 'turn done'))]);
  await session.waitForText(isReady, { timeoutMs: 30_000 });
  const first = await echoes(session, context.runs);
  for (let turn = 1; turn < TURNS; turn++) {
    session.type(`question ${turn}`);
    session.press('enter');
    await session.waitForText((lines) => lines.some((line) => line.includes(`> question ${turn}`)) && !lines.some((line) => line.includes('esc to cancel')), { timeoutMs: 30_000 });
    if (turn % 50 === 0) context.log(`turn ${turn}`);
  }
  const last = await echoes(session, context.runs);
  const rss = memoryMb(session.pid).current;
  return {
    samples: last,
    baseline: { label: 'echo at turn 1', samples: first },
    note: `turn 1 median ${median(first).toFixed(1)} ms, turn ${TURNS} median ${median(last).toFixed(1)} ms; RSS at turn ${TURNS}: ${rss.toFixed(0)} MB (budget 250 MB)`,
  };
}
