import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startJourney, submit, waitForComposer } from './journey.js';

/**
 * A person typing faster than alfred draws (or tmux send-keys, or a loaded machine): keys that
 * arrive in one read each go to whatever has the keyboard after the key before them.
 */

const DIALOG = 'Allow this tool call?';

describe('keys typed ahead of the screen', () => {
  it('opens /theme, moves and chooses in the same read, and keeps the theme for the next start', async () => {
    await using journey = await startJourney();
    const { session, workspace } = journey;
    await waitForComposer(session);
    session.write('/theme\r\u001B[B\rnext');
    await session.waitForText('> next');
    expect(session.screenText()).not.toContain('↑↓ preview');
    // Saved while the dialog closes, so it may land a moment after the composer is back.
    await vi.waitFor(async () => {
      const settings = JSON.parse(await readFile(path.join(workspace.alfredHome, 'settings.json'), 'utf8')) as { ui?: { theme?: string } };
      expect(settings.ui?.theme).toBe('alfred-light');
    }, { timeout: 10_000, interval: 100 });
  });

  it('answers a confirmation once with "1" and types the rest of the read, the second "1" too, into the composer', async () => {
    await using journey = await startJourney({ files: { 'build/old.txt': 'old\n' } });
    const { session, mock, workspace } = journey;
    await waitForComposer(session);
    mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: 'rm -rf build' } }] }, { text: 'Removed the build folder.' });
    await submit(session, 'remove the build folder');
    await session.waitForText(DIALOG);
    session.write('11next question');
    const lines = await session.waitForText('Removed the build folder.');
    await session.waitForText('> 1next question');
    expect(lines.join('\n')).not.toContain(DIALOG);
    expect(existsSync(workspace.path('build'))).toBe(false);
    expect(mock.requests).toHaveLength(2);
  });

  it("breaks the line on Shift+Enter sent in xterm's modifyOtherKeys form", async () => {
    await using journey = await startJourney();
    const { session, mock } = journey;
    await waitForComposer(session);
    mock.enqueue({ text: 'Two lines received.' });
    session.write('first line');
    await session.waitForText('first line');
    session.write('\u001B[27;2;13~second line');
    await session.waitForText(/│\s+second line/);
    session.press('enter');
    await session.waitForText('Two lines received.');
    expect(JSON.stringify(mock.requests[0]?.body.messages)).toContain('first line\\nsecond line');
  });
});
