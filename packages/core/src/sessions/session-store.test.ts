import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../content/content.js';
import { validateContent } from '../content/validate-content.js';
import { HistoryService } from '../history/history-service.js';
import { estimatingCounter } from '../history/token-counter.js';
import { sessionFile } from './session-paths.js';
import { SessionStore } from './session-store.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const callId = 'hist_tool_11111111-1111-4111-8111-111111111111';

function newHistory(): HistoryService {
  return new HistoryService({ counter: estimatingCounter, contextWindow: 1_000_000 });
}

function say(speaker: IContent['speaker'], text: string): IContent {
  return { speaker, blocks: [{ type: 'text', text }] };
}

function storeFor(ws: { root: string; env(): NodeJS.ProcessEnv }): SessionStore {
  return SessionStore.forProject(ws.root, ws.env());
}

describe('SessionStore recording and resume', () => {
  it('resumes the exact conversation, including a compression that replaced older turns', async () => {
    await using ws = await tempWorkspace();
    const store = storeFor(ws);
    const recorder = store.create({ provider: 'anthropic', model: 'claude-x' });
    const history = newHistory();
    recorder.attach(history);
    history.add(say('human', 'how do I parse JSON lines?'));
    history.add(say('ai', 'split on newlines and JSON.parse each'));
    history.add(say('human', 'and a torn last line?'));
    history.add(say('ai', 'skip it'));
    const summary: IContent = { speaker: 'human', blocks: [{ type: 'text', text: 'summary of two turns' }], metadata: { isSummary: true } };
    history.replaceRange(0, 2, [summary]);
    history.add(say('human', 'thanks'));
    recorder.close();

    const resumed = await store.resume(recorder.id);
    const next = newHistory();
    resumed.recorder.attach(next);
    expect(next.list().map((entry) => (entry.blocks[0] as { text: string }).text)).toEqual([
      'summary of two turns',
      'and a torn last line?',
      'skip it',
      'thanks',
    ]);
    expect(resumed.notices).toEqual([]);
    next.add(say('ai', 'you are welcome'));
    resumed.recorder.close();
    const again = await store.load(recorder.id);
    expect(again.history).toHaveLength(5);
    expect(again.summary.model).toBe('claude-x');
  });

  it('survives kill -9 of a recording process: valid history, nothing before the last record lost', async () => {
    await using ws = await tempWorkspace();
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', path.join(here, 'fixtures/record-loop.ts'), ws.root], {
      env: ws.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let reported = 0;
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`the recorder exited by itself (${code}): ${output}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const counts = [...output.matchAll(/entries (\d+)/g)].map((match) => Number(match[1]));
        reported = counts.at(-1) ?? 0;
        if (reported >= 150) resolve();
      });
    });
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const reportedAtKill = Math.max(...[...output.matchAll(/entries (\d+)/g)].map((match) => Number(match[1])));

    const store = storeFor(ws);
    const [latest] = await store.list();
    expect(latest?.id).toBe(/session (\S+)/.exec(output)?.[1]);
    const resumed = await store.resume('latest');
    expect(validateContent(resumed.history).valid).toBe(true);
    const prompts = resumed.history.filter((entry) => entry.speaker === 'human').length;
    expect(resumed.history.length).toBeGreaterThanOrEqual(reportedAtKill);
    expect(prompts).toBeGreaterThanOrEqual(reportedAtKill / 3);
    const history = newHistory();
    resumed.recorder.attach(history);
    history.add(say('human', 'after the crash'));
    resumed.recorder.close();
    const reloaded = await store.load(resumed.recorder.id);
    expect(reloaded.issues).toEqual([]);
    expect(reloaded.history.at(-1)).toEqual(say('human', 'after the crash'));
  }, 30_000);

  it('recovers the streamed text of an answer cut off mid-stream and closes its open tool call', async () => {
    await using ws = await tempWorkspace();
    const store = storeFor(ws);
    const recorder = store.create();
    const history = newHistory();
    recorder.attach(history);
    history.add(say('human', 'write the file'));
    history.add({ speaker: 'ai', blocks: [{ type: 'tool_call', id: callId, name: 'write_file', parameters: { path: 'a.txt' } }] });
    recorder.record({ type: 'tool_call', call: { id: callId, name: 'write_file', args: { path: 'a.txt' }, description: 'Write a.txt', kind: 'edit' } });
    recorder.record({ type: 'tool_confirmation_result', callId, outcome: { kind: 'modify', args: { path: 'b.txt' } }, decidedBy: 'user' });
    // The process dies here: the tool never answered. A later prompt streams half an answer.
    const loaded = await store.resume(recorder.id);
    expect(validateContent(loaded.history).valid).toBe(true);
    expect(loaded.notices.join(' ')).toMatch(/1 tool call\(s\) that never finished/);
    const trail = await store.auditTrail(recorder.id);
    expect(trail).toMatchObject([{ tool: 'write_file', args: { path: 'a.txt' }, outcome: { kind: 'modify', args: { path: 'b.txt' } }, decidedBy: 'user' }]);

    const second = store.create();
    const other = newHistory();
    second.attach(other);
    other.add(say('human', 'explain'));
    for (const text of ['The answer ', 'is forty']) second.record({ type: 'text_delta', text });
    const cut = await store.load(second.id);
    expect(cut.history.at(-1)).toMatchObject({ speaker: 'ai', blocks: [{ type: 'text', text: 'The answer is forty' }] });
    expect(cut.notices.join(' ')).toMatch(/recovered/);
  });

  it('loads the readable part of corrupt, truncated and empty files, keeping a copy of a damaged one', async () => {
    await using ws = await tempWorkspace();
    const store = storeFor(ws);
    const recorder = store.create();
    const history = newHistory();
    recorder.attach(history);
    for (const text of ['one', 'two', 'three']) history.add(say('human', text));
    recorder.close();
    const file = recorder.file;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[2] = '{"type":"entry","content":{"speak'; // entry "two" damaged in the middle
    writeFileSync(file, `${lines.join('\n')}{"type":"entry","ts":1,"content":{"speaker":"hu`);

    const resumed = await store.resume(recorder.id);
    expect(resumed.history.map((entry) => (entry.blocks[0] as { text: string }).text)).toEqual(['one', 'three']);
    expect(resumed.notices.join(' ')).toMatch(/cut off/);
    expect(resumed.notices.join(' ')).toMatch(/1 damaged line\(s\) were skipped \(line 3\)/);
    const copies = readdirSync(path.dirname(file)).filter((name) => name.includes('.corrupt-'));
    expect(copies).toHaveLength(1);
    const next = newHistory();
    resumed.recorder.attach(next);
    next.add(say('human', 'four'));
    resumed.recorder.close();
    expect((await store.load(recorder.id)).history).toHaveLength(3);

    const empty = sessionFile(store.paths, 'empty-session');
    writeFileSync(empty, '');
    const loadedEmpty = await store.load('empty-session');
    expect(loadedEmpty.history).toEqual([]);
    expect((await store.list()).map((summary) => summary.id)).not.toContain('empty-session');
    expect((await store.list({ includeEmpty: true })).map((summary) => summary.id)).toContain('empty-session');
  });
});

describe('SessionStore thread management', () => {
  it('lists, renames, archives, forks and deletes, with an index rebuilt from the files', async () => {
    await using ws = await tempWorkspace();
    const store = storeFor(ws);
    const first = store.create({ model: 'm1' });
    const history = newHistory();
    first.attach(history);
    history.add(say('human', 'Refactor the parser into small functions please'));
    history.add(say('ai', 'done'));
    history.add(say('human', 'now add tests'));
    history.add(say('ai', 'added'));
    first.close();
    const second = store.create();
    const other = newHistory();
    second.attach(other);
    other.add(say('human', 'second session'));
    second.close();

    let list = await store.list();
    expect(list.map((summary) => summary.title)).toEqual(['second session', 'Refactor the parser into small functions please']);
    expect(list[1]).toMatchObject({ messageCount: 4, promptCount: 2, model: 'm1', archived: false });

    await store.rename(first.id.slice(0, 8), 'Parser refactor');
    await store.archive(second.id);
    list = await store.list();
    expect(list.map((summary) => summary.title)).toEqual(['Parser refactor']);
    expect((await store.list({ includeArchived: true })).find((summary) => summary.id === second.id)?.archived).toBe(true);

    writeFileSync(store.paths.indexFile, 'not json');
    expect((await store.list()).map((summary) => summary.title)).toEqual(['Parser refactor']);

    const fork = await store.fork(first.id, { turn: 1 });
    const forked = newHistory();
    fork.recorder.attach(forked);
    expect(forked.list().map((entry) => (entry.blocks[0] as { text: string }).text)).toEqual(['Refactor the parser into small functions please', 'done']);
    forked.add(say('human', 'a different second step'));
    fork.recorder.close();
    expect((await store.load(first.id)).history).toHaveLength(4);
    const forkSummary = (await store.list()).find((summary) => summary.id === fork.recorder.id);
    expect(forkSummary).toMatchObject({ title: 'Parser refactor (fork)', forkedFrom: { sessionId: first.id, entryCount: 2 }, messageCount: 3 });
    await expect(store.fork(first.id, { turn: 3 })).rejects.toThrow(/from 1 to 2/);

    await store.delete(second.id);
    expect(existsSync(sessionFile(store.paths, second.id))).toBe(false);
    await expect(store.resume(second.id)).rejects.toThrow(/no session/);
  });

  it('uses a generated title after the first exchange, but never over a user rename', async () => {
    await using ws = await tempWorkspace();
    const store = SessionStore.forProject(ws.root, ws.env(), {
      titleGenerator: async ({ prompt, answer }) => `About ${prompt.length} and ${answer.length}`,
    });
    const recorder = store.create();
    const history = newHistory();
    recorder.attach(history);
    history.add(say('human', 'hello'));
    history.add(say('ai', 'hi!'));
    await recorder.titleSettled();
    expect((await store.list())[0]?.title).toBe('About 5 and 3');
    recorder.setTitle('Mine');
    recorder.close();
    expect((await store.list())[0]).toMatchObject({ title: 'Mine', titleSource: 'user' });
  });

  it('keeps two processes writing sessions in one project apart, with a consistent index', async () => {
    await using ws = await tempWorkspace();
    const script = path.join(here, 'fixtures/record-loop.ts');
    const start = () =>
      spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script, ws.root], { env: ws.env(), stdio: ['ignore', 'pipe', 'inherit'] });
    const children = [start(), start()];
    const store = storeFor(ws);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            let text = '';
            child.stdout.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (/entries (\d{2,})/.test(text)) resolve();
            });
          }),
      ),
    );
    const during = await store.list();
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.on('exit', resolve)))));
    const after = await store.list();
    expect(new Set(after.map((summary) => summary.id)).size).toBe(2);
    expect(during.map((summary) => summary.id).sort()).toEqual(after.map((summary) => summary.id).sort());
    for (const summary of after) {
      const loaded = await store.load(summary.id);
      expect(summary.messageCount).toBe(loaded.recorded.length);
      expect(validateContent(loaded.history).valid).toBe(true);
    }
    appendFileSync(sessionFile(store.paths, after[0]!.id), `${JSON.stringify({ type: 'title', ts: Date.now(), title: 'Later', source: 'user' })}\n`);
    expect((await store.list()).find((summary) => summary.id === after[0]!.id)?.title).toBe('Later');
  }, 30_000);
});
