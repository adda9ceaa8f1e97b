import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ALFRED_BUNDLE, testMcpServerStdioCommand, type PtySession } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { startJourney, submit, waitForComposer, type Journey } from './journey.js';

const DIALOG = 'Allow this tool call?';
const REPOSITORY_ROOT = path.resolve(path.dirname(ALFRED_BUNDLE), '../../..');

/** Every line of every session file under `$ALFRED_HOME/history`, parsed (throws on a broken line). */
async function sessionRecords(journey: Journey): Promise<unknown[]> {
  const root = path.join(journey.workspace.alfredHome, 'history');
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.jsonl'));
  expect(files.length).toBeGreaterThan(0);
  const records: unknown[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    for (const line of text.split('\n')) if (line.trim() !== '') records.push(JSON.parse(line));
  }
  return records;
}

/**
 * Opens /mcp until the server shows as connected. The dialog is a snapshot taken when it opens,
 * so a server still starting is looked at again by closing and reopening it.
 */
async function waitForMcpServer(session: PtySession, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await submit(session, '/mcp');
    const lines = await session.waitForText(new RegExp(`${name}\\s+(connected|connecting|error)`));
    session.press('escape');
    await session.waitForText((current) => !current.some((line) => line.includes('MCP servers')));
    if (lines.some((line) => new RegExp(`${name}\\s+connected`).test(line))) return;
    expect(lines.join('\n')).not.toMatch(new RegExp(`${name}\\s+error`));
  }
  throw new Error(`${name} never connected`);
}

/** No turn is running: the spinner line with its "esc to cancel" hint is gone. */
function turnOver(lines: string[]): boolean {
  return !lines.some((line) => line.includes('esc to cancel'));
}

async function quit(session: PtySession): Promise<void> {
  session.press('ctrl+c');
  await session.waitForText(/ctrl\+c/i);
  session.press('ctrl+c');
  await session.exit();
}

describe('cancelling with Esc', () => {
  it('stops a stream and a running tool at once; the next prompt works and the session file stays valid', async () => {
    await using journey = await startJourney();
    const { session, mock } = journey;
    await waitForComposer(session);
    mock.enqueue({ text: ['STREAM-START ', ...Array.from({ length: 200 }, (_, index) => `word${index} `)], delayMs: 100 });

    await submit(session, 'write a long essay');
    await session.waitForText('STREAM-START');
    session.press('escape');
    await session.waitForText(turnOver);
    expect(session.screenText()).not.toContain('word150');

    // echo and sleep are read-only commands: they run without a dialog.
    mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: 'echo SLEEPING; sleep 30' } }] });
    await submit(session, 'wait a while');
    await session.waitForText('SLEEPING');
    session.press('escape');
    await session.waitForText(turnOver);
    expect(session.screenText()).toMatch(/cancelled/);

    mock.enqueue({ text: 'Back and ready.' });
    await submit(session, 'are you there?');
    await session.waitForText('Back and ready.');
    expect(JSON.stringify(mock.requests.at(-1)?.body.messages)).toContain('are you there?');
    expect((await sessionRecords(journey)).length).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('continues after quitting and after kill -9 with --continue, and resumes a session picked from /chat list', async () => {
    await using journey = await startJourney();
    let session = journey.session;
    const { mock } = journey;
    await waitForComposer(session);
    mock.enqueue({ text: 'Noted: the secret word is PELICAN.' });
    await submit(session, 'remember PELICAN');
    await session.waitForText('Noted: the secret word is PELICAN.');
    await quit(session);

    session = journey.restart(['--continue']);
    await waitForComposer(session);
    // The screen opens on the conversation it continues.
    const resumed = await session.waitForText(/Resumed "remember PELICAN"/);
    expect(resumed.join('\n')).toContain('> remember PELICAN');
    expect(resumed.join('\n')).toContain('Noted: the secret word is PELICAN.');
    mock.enqueue({ text: 'It was PELICAN.' });
    await submit(session, 'what was the word?');
    await session.waitForText('It was PELICAN.');
    expect(JSON.stringify(mock.requests.at(-1)?.body.messages)).toContain('Noted: the secret word is PELICAN.');
    await session.kill('SIGKILL');

    session = journey.restart(['--continue']);
    await waitForComposer(session);
    mock.enqueue({ text: 'Yes, PELICAN.' });
    await submit(session, 'still there?');
    await session.waitForText('Yes, PELICAN.');
    expect(JSON.stringify(mock.requests.at(-1)?.body.messages)).toContain('It was PELICAN.');
    await quit(session);

    // A fresh start, then /chat list: the session is listed by its first prompt, Enter resumes it.
    session = journey.restart();
    await waitForComposer(session);
    await submit(session, '/chat list');
    await session.waitForText('Saved sessions');
    await session.waitForText(/› remember PELICAN/);
    session.press('enter');
    await session.waitForText((lines) => !lines.some((line) => line.includes('Saved sessions')));
    mock.enqueue({ text: 'Still PELICAN.' });
    await submit(session, 'and now?');
    await session.waitForText('Still PELICAN.');
    const history = JSON.stringify(mock.requests.at(-1)?.body.messages);
    expect(history).toContain('remember PELICAN');
    expect(history).toContain('It was PELICAN.');
  }, 60_000);
});

describe('project commands, skills and memory', () => {
  it('expands a custom command, loads a skill the model asks for, and sends ALFRED.md in the system prompt', async () => {
    await using journey = await startJourney({
      files: {
        'ALFRED.md': 'Project rule: MEMORY-MARKER always use tabs.\n',
        '.alfred/commands/review.md': 'Review $ARGUMENTS carefully for COMMAND-MARKER bugs.\n',
        '.alfred/skills/release/SKILL.md': '---\nname: release\ndescription: How to cut a release\n---\nSKILL-BODY-MARKER: bump, tag, push.\n',
        'src/a.ts': 'export const a = 1;\n',
      },
    });
    const { session, mock } = journey;
    await waitForComposer(session);
    mock.enqueue({ text: 'Reviewed.' }, { toolCalls: [{ name: 'load_skill', arguments: { name: 'release' } }] }, { text: 'Release steps loaded.' });

    await submit(session, '/review src/a.ts');
    await session.waitForText('Reviewed.');
    const first = mock.requests[0]?.body;
    expect(JSON.stringify(first.messages)).toContain('Review src/a.ts carefully for COMMAND-MARKER bugs.');
    expect(JSON.stringify(first.system)).toContain('MEMORY-MARKER');
    expect(JSON.stringify(first.system)).toContain('How to cut a release');

    await submit(session, 'how do we release?');
    await session.waitForText('Release steps loaded.');
    expect(JSON.stringify(mock.requests.at(-1)?.body.messages)).toContain('SKILL-BODY-MARKER');
  });
});

describe('an MCP server over stdio', () => {
  it('lists its tools in /mcp, asks before calling one, and shows the result', async () => {
    await using journey = await startJourney({
      // The test server runs its TypeScript through tsx, which resolves from the repository.
      settings: { mcpServers: { testserver: { ...testMcpServerStdioCommand(), cwd: REPOSITORY_ROOT } } },
    });
    const { session, mock } = journey;
    await waitForComposer(session);
    await waitForMcpServer(session, 'testserver');

    mock.enqueue({ toolCalls: [{ name: 'testserver__echo', arguments: { text: 'ping from the model' } }] }, { text: 'The server answered.' });
    await submit(session, 'call the echo tool');
    const dialog = (await session.waitForText(DIALOG)).join('\n');
    expect(dialog).toContain('testserver');
    session.type('1');
    await session.waitForText('The server answered.');
    expect(session.screenText()).toContain('echo: ping from the model');
  });
});

describe('headless', () => {
  it('refuses clearly in an untrusted folder, and with --trust streams valid JSON lines', async () => {
    await using journey = await startJourney({ trusted: false });
    const { mock, workspace } = journey;
    const args = ['-p', 'say hi', '--output-format', 'stream-json'];
    const refused = await runHeadless(args, workspace.root, journey.env());
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/trust/i);

    mock.enqueue({ text: 'Hi from headless.' });
    const trusted = await runHeadless([...args, '--trust'], workspace.root, journey.env());
    expect(trusted.code).toBe(0);
    const events = trusted.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(events.length).toBeGreaterThan(1);
    expect(trusted.stdout).toContain('Hi from headless.');
  });
});

/** Runs the built alfred without a terminal and with stdin closed, as a script would. */
function runHeadless(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ALFRED_BUNDLE, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
