import { describe, expect, it } from 'vitest';
import { tempWorkspace } from '../fixtures/temp-workspace.js';
import { startPty } from './pty-session.js';

/**
 * A tiny full-screen program: it hides the cursor, switches to the alternate screen, prints the
 * bytes of every key it receives as JSON, reports its size on resize, and on "q" restores the
 * terminal and exits with code 3.
 */
const KEY_ECHO_PROGRAM = `
process.stdin.setRawMode(true);
process.stdout.write('\\x1b[?1049h\\x1b[?25lready ' + process.stdout.columns + 'x' + process.stdout.rows + '\\r\\n');
process.stdout.on('resize', () => process.stdout.write('size ' + process.stdout.columns + 'x' + process.stdout.rows + '\\r\\n'));
process.stdin.on('data', (data) => {
  const text = data.toString();
  if (text === 'q') {
    process.stdout.write('\\x1b[?25h\\x1b[?1049lbye\\r\\n');
    process.exit(3);
  }
  process.stdout.write('got ' + JSON.stringify(text) + '\\r\\n');
});
`;

async function startEcho(cols = 60, rows = 12) {
  const workspace = await tempWorkspace();
  const session = startPty({
    command: process.execPath,
    args: ['-e', KEY_ECHO_PROGRAM],
    cwd: workspace.root,
    env: workspace.env(),
    cols,
    rows,
  });
  return {
    session,
    async [Symbol.asyncDispose]() {
      await session[Symbol.asyncDispose]();
      await workspace.dispose();
    },
  };
}

describe('startPty', () => {
  it('renders what the program writes at the requested size and counts the bytes', async () => {
    await using echo = await startEcho(60, 12);
    const lines = await echo.session.waitForText('ready 60x12');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('ready 60x12');
    expect(echo.session.bytesWritten).toBeGreaterThanOrEqual(Buffer.byteLength(echo.session.output));
    expect(echo.session.output).toContain('\x1b[?1049h');
  });

  it('sends the escape sequences terminals send for named keys', async () => {
    await using echo = await startEcho();
    const { session } = echo;
    await session.waitForText('ready');
    session.press('shift+tab');
    await session.waitForText('got "\\u001b[Z"');
    session.press('up');
    await session.waitForText('got "\\u001b[A"');
    session.press('ctrl+c');
    await session.waitForText('got "\\u0003"');
    session.type('héllo');
    await session.waitForText('got "héllo"');
  });

  it('tracks the modes a program sets and sees them restored when it exits', async () => {
    await using echo = await startEcho();
    const { session } = echo;
    await session.waitForText('ready');
    expect(session.modes()).toMatchObject({ cursorVisible: false, alternateScreen: true });
    session.type('q');
    expect(await session.exit()).toEqual({ exitCode: 3, signal: undefined });
    expect(session.modes()).toMatchObject({ cursorVisible: true, alternateScreen: false });
    expect(session.screen()).toContain('bye');
  });

  it('tells the program about a resize', async () => {
    await using echo = await startEcho(60, 12);
    const { session } = echo;
    await session.waitForText('ready');
    session.resize(80, 20);
    await session.waitForText('size 80x20');
    expect(session.screen()).toHaveLength(20);
  });

  it('fails a wait with the current screen in the message', async () => {
    await using echo = await startEcho();
    const { session } = echo;
    await session.waitForText('ready');
    const failure = await session.waitForText('never printed', { timeoutMs: 300 }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/Timed out after 300 ms waiting for "never printed"/);
    expect((failure as Error).message).toContain('1│ready');
  });

  it('fails a wait as soon as the program exits without showing the text', async () => {
    await using workspace = await tempWorkspace();
    await using session = startPty({
      command: process.execPath,
      args: ['-e', 'process.stdout.write("partial output"); process.exit(5)'],
      cwd: workspace.root,
      env: workspace.env(),
    });
    await expect(session.waitForText('something else', { timeoutMs: 60_000 })).rejects.toThrow(
      /exited \(exit code 5\)[\s\S]*partial output/,
    );
    expect(() => session.type('x')).toThrow(/already exited/);
  });

  it('kills a program that does not end by itself', async () => {
    await using workspace = await tempWorkspace();
    await using session = startPty({
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000); console.log("waiting")'],
      cwd: workspace.root,
      env: workspace.env(),
    });
    await session.waitForText('waiting');
    const exit = await session.kill('SIGTERM');
    expect(exit.signal).toBe(15);
  });

  it('tells line mode from raw mode, so Ctrl+C can wait until it is a key and not a signal', async () => {
    await using workspace = await tempWorkspace();
    const program = `
      process.stdout.write('drawn\\r\\n');
      process.stdin.once('data', () => {
        process.stdin.setRawMode(true);
        process.stdout.write('raw now\\r\\n');
        process.stdin.once('data', (data) => { process.stdout.write('key ' + JSON.stringify(data.toString()) + '\\r\\n'); process.exit(0); });
      });
    `;
    await using session = startPty({ command: process.execPath, args: ['-e', program], cwd: workspace.root, env: workspace.env() });
    await session.waitForText('drawn');
    expect(await session.inputMode()).toEqual({ raw: false, echo: true, signals: true });
    session.type('go\r');
    await session.waitForRawInput();
    expect(await session.inputMode()).toMatchObject({ raw: true, echo: false });
    session.press('ctrl+c');
    await session.waitForText('key "\\u0003"');
    expect(await session.exit()).toEqual({ exitCode: 0, signal: undefined });
  });

  it('answers terminal queries and judges only complete synchronized frames', async () => {
    await using workspace = await tempWorkspace();
    // The second half of the frame is written only after the terminal answered the cursor query,
    // so a wait that looked mid-frame would see "half" without "done".
    const program = `
      process.stdin.setRawMode(true);
      process.stdout.write('ready\\r\\n');
      process.stdin.on('data', (data) => {
        const text = data.toString();
        if (text === 'a') process.stdout.write('\\x1b[?2026hhalf\\x1b[6n');
        else if (text.endsWith('R')) process.stdout.write(' done ' + JSON.stringify(text) + '\\x1b[?2026l');
      });
    `;
    await using session = startPty({ command: process.execPath, args: ['-e', program], cwd: workspace.root, env: workspace.env() });
    await session.waitForText('ready');
    const waiting = session.waitForText('half');
    session.type('a');
    const lines = await waiting;
    expect(lines[1]).toBe('half done "\\u001b[2;5R"');
    expect(session.modes().synchronizedOutput).toBe(false);
  });

  it('refuses a nonsensical size', () => {
    expect(() => startPty({ command: 'true', cwd: '/', env: {}, cols: 0, rows: 10 })).toThrow(/cols and rows/);
  });
});
