import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startJourney, submit, waitForComposer } from './journey.js';

const DIALOG = 'Allow this tool call?';

describe('the model edits a file', () => {
  it('shows the diff, applies it once approved, keeps a checkpoint, and /restore puts the file back', async () => {
    await using journey = await startJourney({ files: { 'src/greet.ts': 'export const greeting = "hello";\n' } });
    const { session, mock, workspace } = journey;
    await waitForComposer(session);
    mock.enqueue(
      { toolCalls: [{ name: 'edit', arguments: { path: 'src/greet.ts', old_string: '"hello"', new_string: '"good morning"' } }] },
      { text: 'Changed the greeting.' },
    );

    await submit(session, 'make the greeting warmer');
    const dialog = (await session.waitForText(DIALOG)).join('\n');
    expect(dialog).toContain('src/greet.ts');
    expect(dialog).toMatch(/-.*export const greeting = "hello";/);
    expect(dialog).toMatch(/\+.*export const greeting = "good morning";/);

    session.type('1');
    await session.waitForText('Changed the greeting.');
    expect(await readFile(workspace.path('src/greet.ts'), 'utf8')).toBe('export const greeting = "good morning";\n');

    await submit(session, '/restore');
    const listing = await session.waitForText('/restore <id> puts files');
    const checkpoint = /([0-9a-f]{8}) .*\[src\/greet\.ts\]/.exec(listing.join('\n'));
    expect(checkpoint, 'a checkpoint of src/greet.ts is listed').not.toBeNull();

    await submit(session, `/restore ${checkpoint![1]}`);
    await session.waitForText('Rolled back');
    expect(await readFile(workspace.path('src/greet.ts'), 'utf8')).toBe('export const greeting = "hello";\n');
  });
});

describe('the model runs a compound shell command', () => {
  it('lists both commands, and a denial with a reason reaches the model while nothing runs', async () => {
    await using journey = await startJourney({ files: { 'build/keep.txt': 'built\n', 'package.json': '{"scripts":{"test":"echo ran > ran.txt"}}\n' } });
    const { session, mock, workspace } = journey;
    await waitForComposer(session);
    mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: 'npm test && rm -rf build' } }] }, { text: 'Understood, I will leave build alone.' });

    await submit(session, 'run the tests and clean up');
    const dialog = (await session.waitForText(DIALOG)).join('\n');
    expect(dialog).toMatch(/•\s*npm test/);
    expect(dialog).toMatch(/•\s*rm -rf build/);

    session.type('5');
    await session.waitForText('Why not?');
    await submit(session, 'keep the build folder');
    await session.waitForText('Understood, I will leave build alone.');

    expect(JSON.stringify(mock.requests[1]?.body.messages)).toContain('keep the build folder');
    expect(existsSync(workspace.path('build/keep.txt'))).toBe(true);
    expect(existsSync(workspace.path('ran.txt'))).toBe(false);
  });
});

describe('always allowing a command for the session', () => {
  it('runs the same command again without asking, but still asks for a chain that adds another command', async () => {
    await using journey = await startJourney({ files: { 'package.json': '{"scripts":{"test":"echo tests passed"}}\n' } });
    const { session, mock } = journey;
    await waitForComposer(session);
    mock.enqueue(
      // git status is read-only: it runs without a dialog from the start.
      { toolCalls: [{ name: 'shell', arguments: { command: 'git status' } }] },
      { toolCalls: [{ name: 'shell', arguments: { command: 'npm test' } }] },
      { text: 'First run done.' },
      { toolCalls: [{ name: 'shell', arguments: { command: 'npm test' } }] },
      { text: 'Second run done.' },
      { toolCalls: [{ name: 'shell', arguments: { command: 'npm test; curl example.invalid' } }] },
    );

    await submit(session, 'status, then test');
    await session.waitForText(DIALOG);
    expect(session.screenText()).toMatch(/✓ shell git status/);
    session.type('2');
    await session.waitForText('First run done.');

    await submit(session, 'test again');
    await session.waitForText('Second run done.');
    expect(session.screenText()).not.toContain(DIALOG);

    await submit(session, 'test and fetch');
    const dialog = (await session.waitForText(DIALOG)).join('\n');
    expect(dialog).toContain('curl example.invalid');
  });
});

describe('approval modes from Shift+Tab', () => {
  it('auto_edit writes without asking but asks for shell; plan refuses edits', async () => {
    await using journey = await startJourney();
    const { session, mock, workspace } = journey;
    await waitForComposer(session);
    mock.enqueue(
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.md', content: 'auto\n' } }] },
      { text: 'Wrote the notes.' },
      { toolCalls: [{ name: 'shell', arguments: { command: 'touch shell-ran.txt' } }] },
      { text: 'Left it alone.' },
    );

    session.press('shift+tab');
    await session.waitForText('auto-edit (shift+tab)');
    await submit(session, 'write notes');
    await session.waitForText('Wrote the notes.');
    expect(await readFile(workspace.path('notes.md'), 'utf8')).toBe('auto\n');

    await submit(session, 'now touch a file');
    await session.waitForText(DIALOG);
    session.press('escape');
    await session.waitForText('Left it alone.');
    expect(existsSync(workspace.path('shell-ran.txt'))).toBe(false);

    // The cycle is default → auto_edit → yolo → plan.
    session.press('shift+tab');
    await session.waitForText('yolo (shift+tab)');
    session.press('shift+tab');
    await session.waitForText('plan (shift+tab)');
    mock.enqueue({ toolCalls: [{ name: 'write_file', arguments: { path: 'plan.md', content: 'no\n' } }] }, { text: 'I will only plan.' });
    await submit(session, 'write a plan file');
    await session.waitForText('I will only plan.');
    expect(existsSync(workspace.path('plan.md'))).toBe(false);
    const refusal = mock.requests.at(-1)?.body.messages.at(-1).content[0];
    expect(refusal).toMatchObject({ type: 'tool_result', is_error: true });
    expect(refusal.content).toMatch(/plan/);
  });
});
