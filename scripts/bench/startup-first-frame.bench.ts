import { startAlfred, startPty, tempWorkspace, trustWorkspace } from '../../packages/testkit/src/index.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs, interleave } from './lib/measure.js';

export const name = 'startup-first-frame';
export const description =
  '`alfred` (the real engine, a returning user: trusted folder, a key) in a 100×30 pty from spawn until the composer prompt is rendered, beside `node -e 0` in the same pty from spawn to exit';
/**
 * Node's own start, then React, Ink and the first render: within five Node start-ups (about 200 ms
 * where `node -e 0` takes 40 ms) the TUI feels immediate. Revisit when settings and providers join
 * the first screen.
 */
export const budget: Budget = { maxRatio: 5 };

/** The first frame: the banner names alfred and the composer shows its `>` prompt. */
export function isFirstFrame(lines: string[]): boolean {
  return lines.some((line) => line.includes('alfred')) && lines.some((line) => /(^|│)\s*>(\s|$)/.test(line));
}

async function timeFirstFrame(): Promise<number> {
  await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
  await trustWorkspace(workspace);
  const start = process.hrtime.bigint();
  await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'bench-key' }), cols: 100, rows: 30 });
  await session.waitForText(isFirstFrame, { timeoutMs: 30_000 });
  // Disposal kills it; quitting is the pty test's business, not the start-up figure's.
  return elapsedMs(start);
}

async function timeBareNode(): Promise<number> {
  await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
  const start = process.hrtime.bigint();
  await using session = startPty({ command: process.execPath, args: ['-e', '0'], cwd: workspace.root, env: workspace.env(), cols: 100, rows: 30 });
  const exit = await session.exit({ timeoutMs: 30_000 });
  if (exit.exitCode !== 0) throw new Error(`node -e 0 exited with ${exit.exitCode}`);
  return elapsedMs(start);
}

/** Times the first frame against a bare Node start in the same kind of pty, interleaved. */
export async function run(context: BenchContext): Promise<BenchSamples> {
  const { samples, baseline } = await interleave(context.runs, timeFirstFrame, timeBareNode, { log: context.log });
  return {
    samples,
    baseline: { label: 'node -e 0 (pty)', samples: baseline },
    note: 'The screen is read through the test kit harness (headless xterm), so the time includes parsing the frame',
  };
}
