import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { ScriptedController } from './scripted-controller.js';

const waitFor = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
const PAGE_UP = '\u001B[5~';

async function scrolledTranscript() {
  const answer = Array.from({ length: 120 }, (_, index) => `row ${index}`).join('\n\n');
  const controller = new ScriptedController({ scripts: [[{ type: 'text_delta', text: answer }, { type: 'done', reason: 'stop' }]] });
  const view = render(<App controller={controller} mode="fullscreen" version="9.9.9" />);
  const frame = () => view.lastFrame() ?? '';
  await waitFor(() => expect(frame()).toContain('Ask alfred'));
  await tick();
  view.stdin.write('go');
  await tick();
  view.stdin.write('\r');
  await waitFor(() => expect(frame()).toContain('row 119'));
  await tick();
  return { view, frame };
}

/** The number of the first "row N" on screen. */
function firstRow(frame: string): number {
  return Number(/row (\d+)/.exec(frame)?.[1]);
}

afterEach(cleanup);

describe('full-screen scrolling', () => {
  it('moves a page for each PgUp, also when several arrive in one read', async () => {
    const apart = await scrolledTranscript();
    for (let press = 0; press < 3; press++) {
      apart.view.stdin.write(PAGE_UP);
      await tick();
    }
    await waitFor(() => expect(apart.frame()).toContain('new lines ↓'));
    await tick();
    const expected = firstRow(apart.frame());
    cleanup();

    const together = await scrolledTranscript();
    together.view.stdin.write(PAGE_UP.repeat(3));
    await waitFor(() => expect(together.frame()).toContain('new lines ↓'));
    await tick();
    // One row apart at most: pressed apart, the pages after the first are a row shorter (the
    // "new lines" marker took it); in one read they all use the height the first one saw.
    expect(Math.abs(firstRow(together.frame()) - expected)).toBeLessThanOrEqual(1);
  });
});
