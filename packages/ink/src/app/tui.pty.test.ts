import { startAlfred, tempWorkspace, type TempWorkspace } from '@alfred/testkit';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptStep } from './scripted-controller.js';

/** The built `alfred` playing scripted events (ALFRED_SCRIPTED_EVENTS), one script per prompt. */
async function startScripted(workspace: TempWorkspace, scripts: ScriptStep[][], size = { cols: 100, rows: 30 }) {
  const file = path.join(workspace.root, 'script.json');
  await writeFile(file, JSON.stringify({ scripts }));
  const session = startAlfred({ cwd: workspace.root, env: workspace.env({ ALFRED_SCRIPTED_EVENTS: file }), ...size });
  await session.waitForText(/Ask alfred/);
  await session.waitForRawInput();
  return session;
}

const dangerousCall: ScriptStep[] = [
  { type: 'text_delta', text: 'I will run the tests and clean the build.\n\n' },
  { type: 'tool_call', call: { id: 'c1', name: 'shell', args: { command: 'npm test && rm -rf build' }, description: 'Run npm test && rm -rf build', kind: 'execute' } },
  { type: 'tool_confirmation_request', callId: 'c1', view: { type: 'exec', command: 'npm test && rm -rf build', visibleCommand: 'npm test && rm -rf build', subCommands: ['npm test', 'rm -rf build'] } },
  { type: 'await_confirmation', callId: 'c1' },
  { type: 'tool_result', callId: 'c1', status: 'cancelled', view: { summary: 'not run' }, durationMs: 0 },
  { type: 'done', reason: 'stop' },
];

describe('the TUI in a terminal', () => {
  it('streams an answer, asks before a command, and sends the reason typed after 5', async () => {
    await using workspace = await tempWorkspace();
    await using session = await startScripted(workspace, [dangerousCall]);
    session.type('tidy up the build');
    session.press('enter');
    await session.waitForText('I will run the tests and clean the build.');
    await session.waitForText('• rm -rf build');
    // The digit and the reason in one burst, as a fast typist (or tmux) sends them.
    session.type('5only run the unit tests');
    await session.waitForText('only run the unit tests');
    session.press('enter');
    const lines = await session.waitForText('declined: only run the unit tests');
    expect(lines.join('\n')).not.toContain('Allow this tool call?');
    expect(lines.filter((line) => line.includes('> tidy up the build'))).toHaveLength(1);
  });

  it('lays the screen out again when resized in the middle of a stream', async () => {
    await using workspace = await tempWorkspace();
    const chunks: ScriptStep[] = Array.from({ length: 30 }, (_, index) => [
      { type: 'text_delta', text: `Paragraph ${index} of a long answer.\n\n` } as ScriptStep,
      { type: 'sleep', ms: 40 } as ScriptStep,
    ]).flat();
    await using session = await startScripted(workspace, [[...chunks, { type: 'text_delta', text: 'The end.' }, { type: 'done', reason: 'stop' }]]);
    session.type('write a lot');
    session.press('enter');
    await session.waitForText('Paragraph 5 of');
    session.resize(60, 20);
    await session.waitForText('Paragraph 12 of');
    session.resize(120, 35);
    const lines = await session.waitForText('The end.');
    expect(lines).toHaveLength(35);
    expect(lines.every((line) => line.length <= 120)).toBe(true);
    expect(lines.filter((line) => line.includes('Paragraph 29 of'))).toHaveLength(1);
    expect(lines.filter((line) => /╭─+╮/.test(line))).toHaveLength(1);
  });

  it('leaves escape sequences in model output inert on the real screen', async () => {
    await using workspace = await tempWorkspace();
    const hostile = 'safe\u001B[2J\u001B[H\u001B]0;pwned\u0007 \u001B]52;c;aGk=\u0007 \u001B]8;;http://evil.example\u0007link\u001B]8;;\u0007 done';
    await using session = await startScripted(workspace, [[{ type: 'text_delta', text: hostile }, { type: 'done', reason: 'stop' }]]);
    session.type('say it');
    session.press('enter');
    const lines = await session.waitForText('done');
    const text = lines.join('\n');
    expect(text).toContain('safe␛[2J␛[H');
    expect(text).toContain('> say it');
    expect(text).toMatch(/v\d+\.\d+\.\d+/);
    expect(session.output).not.toContain('\u001B]52;c;aGk=');
    expect(session.output).not.toContain('\u001B]8;;http://evil.example');
  });

  it('gives the terminal back and prints the transcript into it when alfred crashes', async () => {
    await using workspace = await tempWorkspace();
    await using session = await startScripted(workspace, [
      [{ type: 'text_delta', text: 'Here is the plan before anything breaks.' }, { type: 'done', reason: 'stop' }],
      [{ type: 'crash', message: 'something inside broke' }, { type: 'sleep', ms: 5000 }],
    ]);
    session.type('plan it');
    session.press('enter');
    await session.waitForText('Here is the plan before anything breaks.');
    session.type('go on');
    session.press('enter');
    const exit = await session.exit();
    expect(exit.exitCode).toBe(1);
    expect(session.modes()).toMatchObject({ alternateScreen: false, cursorVisible: true, bracketedPaste: false, mouseTracking: 'none' });
    // The normal screen now holds the session, then the error.
    const text = session.screenText();
    expect(text).toContain('> plan it');
    expect(text).toContain('Here is the plan before anything breaks.');
    expect(text).toContain('alfred crashed: Error: something inside broke');
    expect(text.indexOf('Here is the plan')).toBeLessThan(text.indexOf('alfred crashed'));
  });

  it('inline, writes every paragraph into the scrollback once, also when the terminal narrows mid-stream', async () => {
    await using workspace = await tempWorkspace();
    const paragraphs: ScriptStep[] = Array.from({ length: 24 }, (_, index) => [
      { type: 'text_delta', text: `Paragraph ${index} of an answer written inline.\n\n` } as ScriptStep,
      { type: 'sleep', ms: 40 } as ScriptStep,
    ]).flat();
    const file = path.join(workspace.root, 'script.json');
    await writeFile(file, JSON.stringify({ scripts: [[...paragraphs, { type: 'text_delta', text: 'The end.' }, { type: 'done', reason: 'stop' }]] }));
    await using session = startAlfred({ cwd: workspace.root, env: workspace.env({ ALFRED_SCRIPTED_EVENTS: file }), cols: 100, rows: 30, args: ['--inline'] });
    await session.waitForText(/Ask alfred/);
    await session.waitForRawInput();
    session.type('write inline');
    session.press('enter');
    await session.waitForText('Paragraph 6 of');
    session.resize(60, 24);
    await session.waitForText('The end.', { timeoutMs: 20_000 });
    await session.waitForText((lines) => !lines.some((line) => line.includes('esc to cancel')));
    const all = session.allLines();
    for (let index = 0; index < 24; index++) {
      expect(all.filter((line) => line.startsWith(`Paragraph ${index} of`)), `paragraph ${index}`).toHaveLength(1);
    }
    expect(all.filter((line) => line.includes('> write inline'))).toHaveLength(1);
    expect(all.filter((line) => /^╭─+╮$/.test(line))).toHaveLength(1);
    expect(session.modes().alternateScreen).toBe(false);
  });
});
