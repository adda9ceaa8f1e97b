import { startAlfred, tempWorkspace, trustWorkspace, type PtySession } from '@alfred/testkit';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** The first frame is drawn: the banner names alfred and the composer shows its `>` prompt. */
function firstFrameDrawn(lines: string[]): boolean {
  return lines.some((line) => line.includes('alfred')) && lines.some((line) => /(^|│)\s*>(\s|$)/.test(line));
}

/** Presses Ctrl+C twice, as a person quits, waiting for the "again" hint between the two. */
async function quitWithCtrlCTwice(session: PtySession): Promise<void> {
  session.press('ctrl+c');
  await session.waitForText(/ctrl\+c/i);
  session.press('ctrl+c');
}

/** A workspace the user already trusted, so no first-run dialog stands in front of the composer. */
async function returningUserWorkspace() {
  const workspace = await tempWorkspace();
  await trustWorkspace(workspace);
  return workspace;
}

describe('alfred in a terminal', () => {
  it('opens on a banner and a composer that shows what is typed', async () => {
    await using workspace = await returningUserWorkspace();
    await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 100, rows: 30 });

    const lines = await session.waitForText(firstFrameDrawn);
    expect(lines).toHaveLength(30);
    expect(lines.every((line) => line.length <= 100)).toBe(true);
    // Keys typed before the TUI switched the terminal to raw mode would be echoed by the tty.
    await session.waitForRawInput();

    session.type('explain src/index.ts');
    await session.waitForText('explain src/index.ts');
    expect(session.screen().filter((line) => line.includes('explain src/index.ts'))).toHaveLength(1);
  });

  it('quits on Ctrl+C twice with exit code 0 and gives the terminal back as it found it', async () => {
    await using workspace = await returningUserWorkspace();
    await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 100, rows: 30 });
    await session.waitForText(firstFrameDrawn);
    await session.waitForRawInput();

    await quitWithCtrlCTwice(session);

    expect(await session.exit()).toEqual({ exitCode: 0, signal: undefined });
    expect(session.modes()).toEqual({
      cursorVisible: true,
      alternateScreen: false,
      bracketedPaste: false,
      applicationCursorKeys: false,
      mouseTracking: 'none',
      focusReporting: false,
      synchronizedOutput: false,
    });
  });

  it('shows the folder it was started in', async () => {
    await using workspace = await returningUserWorkspace();
    await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 80, rows: 24 });
    await session.waitForText(firstFrameDrawn);
    // The footer keeps the end of the path, so the folder name is readable at 80 columns.
    expect(session.screenText()).toContain(workspace.root.slice(-15));
  });
});

describe('a returning user', () => {
  async function startAndQuit(workspace: Awaited<ReturnType<typeof returningUserWorkspace>>, expected: RegExp): Promise<string> {
    await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 120, rows: 30 });
    await session.waitForText(firstFrameDrawn);
    const lines = await session.waitForText(expected);
    await session.waitForRawInput();
    await quitWithCtrlCTwice(session);
    expect((await session.exit()).exitCode).toBe(0);
    return lines.join('\n');
  }

  it('starts again from what it remembered, and a changed setting is on the first frame of the next start', async () => {
    await using workspace = await returningUserWorkspace();
    const settings = `${workspace.alfredHome}/settings.json`;
    await writeFile(settings, JSON.stringify({ general: { model: 'claude-first-model' } }));
    await startAndQuit(workspace, /claude-first-model/);
    await startAndQuit(workspace, /claude-first-model/);

    await writeFile(settings, JSON.stringify({ general: { model: 'claude-second-model' } }));
    await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 120, rows: 30 });
    const first = await session.waitForText(firstFrameDrawn);
    expect(first.join('\n')).toContain('claude-second-model');
    expect(first.join('\n')).not.toContain('claude-first-model');
  });

  it('takes the screen mode and the banner from ui settings, from the first frame on', async () => {
    await using workspace = await returningUserWorkspace();
    await writeFile(`${workspace.alfredHome}/settings.json`, JSON.stringify({ ui: { screen: 'inline', hideBanner: true } }));
    for (let start = 0; start < 2; start++) {
      await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 100, rows: 30 });
      await session.waitForText(/Ask alfred/);
      expect(session.modes().alternateScreen).toBe(false);
      expect(session.screenText()).not.toContain('█▀█');
    }
  });
});

describe('--trust', () => {
  it('trusts a folder for this run: no trust dialog, and nothing is saved for the next start', async () => {
    await using workspace = await tempWorkspace();
    {
      await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 100, rows: 30, args: ['--trust'] });
      const lines = await session.waitForText(firstFrameDrawn);
      expect(lines.join('\n')).not.toContain('Do you trust');
      await session.waitForRawInput();
      await quitWithCtrlCTwice(session);
      expect((await session.exit()).exitCode).toBe(0);
    }
    await using again = startAlfred({ cwd: workspace.root, env: workspace.env({ ANTHROPIC_API_KEY: 'test-key' }), cols: 100, rows: 30 });
    await again.waitForText('Do you trust the files in this folder?');
  });
});
