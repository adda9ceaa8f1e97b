import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startAlfred, tempWorkspace, type PtySession } from '../../packages/testkit/src/index.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';
import { COLS, isReady, median, ROWS } from './tui-fixture.js';

export const name = 'tui-scroll';
export const description =
  'full-screen scrolling of a 200-turn transcript, 120×40: PgUp or PgDn, from the key reaching alfred to the end of the frame it leads to (samples, alfred\'s own ALFRED_KEY_TRACE), against a typed letter the same way (baseline); each key is also checked through the pty until the screen shows exactly the page it leads to';
/** Issue 12: scrolling a page of a 200-turn transcript ≤ 16 ms. */
export const budget: Budget = { maxMedianMs: 16 };

const TURNS = 200;
/** No output for this long: the frame a key led to is complete. */
const QUIET_MS = 250;

/**
 * One answer of about 500 bytes (a heading, a paragraph, a list and a fenced code block, some 16
 * rows) whose every row names its turn, so no two pages of the transcript look alike.
 */
function turnAnswer(turn: number): string {
  return [
    `## Turn ${turn}: how the parser recovers`,
    `In turn ${turn} the parser reads tokens from the stream and builds nodes; errors are reported with their line and column, and recovery skips to the next statement.`,
    `- turn ${turn}, first point\n- turn ${turn}, second point with \`inline code\`\n- turn ${turn}, third point`,
    `\`\`\`ts\n// turn ${turn}\nexport function parse${turn}(input: string): Node[] {\n  return tokenize(input).map((token) => toNode(token, ${turn}));\n}\n\`\`\``,
  ].join('\n\n');
}

/** 200 turns as a saved session, resumed with `/chat resume`: the same transcript as typing them, in a second. */
function sessionEvents(): unknown[] {
  return Array.from({ length: TURNS }, (_, turn) => [
    { type: 'user_prompt', text: `question ${turn}` },
    { type: 'text_delta', text: turnAnswer(turn) },
    { type: 'done', reason: 'stop' },
  ]).flat();
}

/** Resolves once the screen has not changed for `QUIET_MS`, with what it shows. */
async function settled(session: PtySession): Promise<string> {
  let last = session.screen().join('\n');
  let since = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = session.screen().join('\n');
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS) {
      return now;
    }
  }
}

/** Sends `key` and times until the whole screen is exactly `expected`. */
async function timeKey(session: PtySession, key: string, expected: string): Promise<number> {
  const start = process.hrtime.bigint();
  session.press(key);
  await session.waitForText((lines) => lines.join('\n') === expected, { timeoutMs: 10_000 }).catch((error: unknown) => {
    const shown = session.screen();
    const differences = expected.split('\n').flatMap((line, row) => (line === shown[row] ? [] : [`row ${row + 1}: expected ${JSON.stringify(line)}, shown ${JSON.stringify(shown[row])}`]));
    throw new Error(`${key} did not lead to the expected page (modes ${JSON.stringify(session.modes())}):\n${differences.slice(0, 6).join('\n')}`, { cause: error });
  });
  return elapsedMs(start);
}

/** The last key's time inside alfred, from the trace file (ALFRED_KEY_TRACE). */
function lastTraced(file: string): number {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  return Number(lines.at(-1));
}

/** One letter typed until the composer shows it, then removed again. */
async function echo(session: PtySession, index: number, trace: string, traced: number[]): Promise<number> {
  const word = `probe${index}`;
  session.type(word);
  await session.waitForText(`> ${word}`);
  await settled(session);
  const start = process.hrtime.bigint();
  session.type('x');
  await session.waitForText(`> ${word}x`);
  const ms = elapsedMs(start);
  await settled(session);
  traced.push(lastTraced(trace));
  session.press('ctrl+u');
  await session.waitForText((lines) => !lines.some((line) => line.includes(`> ${word}`)));
  return ms;
}

export async function run(context: BenchContext): Promise<BenchSamples> {
  await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
  const file = path.join(workspace.root, 'script.json');
  const sessions = [{ id: 'long', title: 'a long session', messageCount: TURNS * 2, updated: Date.now(), events: sessionEvents() }];
  await writeFile(file, JSON.stringify({ scripts: [[{ type: 'done', reason: 'stop' }]], sessions }));
  const trace = path.join(workspace.root, 'keys.trace');
  await writeFile(trace, '');
  await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ALFRED_SCRIPTED_EVENTS: file, ALFRED_KEY_TRACE: trace }), cols: COLS, rows: ROWS });
  await session.waitForText(isReady, { timeoutMs: 30_000 });
  await session.waitForRawInput();
  await settled(session);
  session.type('/chat resume long');
  await session.waitForText('> /chat resume long');
  session.press('enter');
  await session.waitForText(`Turn ${TURNS - 1}: how`, { timeoutMs: 30_000 });
  context.log(`${TURNS} turns on screen`);

  const bottom = await settled(session);

  // Two pages above the bottom, each settled: A, and B one page above it. The first PgUp from the
  // bottom also brings the "new lines" marker over the last row; it is timed on
  // its own (End goes back to the bottom), the samples are page keys that only move the view.
  session.press('pageup');
  const pageA = await settled(session);
  session.press('pageup');
  const pageB = await settled(session);
  if (new Set([bottom, pageA, pageB]).size !== 3) throw new Error(`PgUp did not move the view: bottom=A ${bottom === pageA}, A=B ${pageA === pageB}\n${bottom}`);

  const scrolls: number[] = [];
  const fromBottom: number[] = [];
  const echoes: number[] = [];
  const inside: number[] = [];
  const echoesInside: number[] = [];
  for (let round = 0; round < context.runs + 1; round++) {
    // B → A with PgDn, A → B with PgUp, then End and PgUp from the bottom to A; round 0 warms up.
    // Each key is sent on a settled screen: a page key pressed within a frame of the last one
    // waits for Ink's frame cap (maxFps), which is a rate, not the latency of one key.
    const down = await timeKey(session, 'pagedown', pageA);
    await settled(session);
    const downInside = lastTraced(trace);
    const up = await timeKey(session, 'pageup', pageB);
    await settled(session);
    const upInside = lastTraced(trace);
    const typedInside: number[] = [];
    const typed = await echo(session, round, trace, typedInside);
    await settled(session);
    await timeKey(session, 'end', bottom);
    await settled(session);
    const first = await timeKey(session, 'pageup', pageA);
    await settled(session);
    await timeKey(session, 'pageup', pageB);
    await settled(session);
    if (round > 0) {
      scrolls.push(up, down);
      inside.push(upInside, downInside);
      echoes.push(typed);
      echoesInside.push(...typedInside);
      fromBottom.push(first);
    }
    context.log(`round ${round}: pgup ${up.toFixed(1)} ms (${upInside.toFixed(1)} inside), pgdn ${down.toFixed(1)} ms (${downInside.toFixed(1)} inside), pgup from the bottom ${first.toFixed(1)} ms, echo ${typed.toFixed(1)} ms`);
  }
  return {
    samples: inside,
    baseline: { label: 'keystroke echo inside alfred, same session', samples: echoesInside },
    note: `inside alfred (key in to frame out): PgUp/PgDn median ${median(inside).toFixed(1)} ms, a typed letter ${median(echoesInside).toFixed(1)} ms; through the pty until the screen shows the page: ${median(scrolls).toFixed(1)} ms against a keystroke echo of ${median(echoes).toFixed(1)} ms (the pty round trip and the harness's parsing are most of it); the first PgUp from the bottom (the "new lines" marker appears) ${median(fromBottom).toFixed(1)} ms; ${TURNS} turns resumed from a saved session`,
  };
}
