import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import type { IContent } from '../../content/content.js';
import { HistoryService } from '../../history/history-service.js';
import { estimatingCounter } from '../../history/token-counter.js';
import { SessionStore } from '../session-store.js';
import { formatRecalledContext, snippetOf } from './recall.js';

const say = (speaker: IContent['speaker'], text: string): IContent => ({ speaker, blocks: [{ type: 'text', text }] });

function record(store: SessionStore, turns: Array<[string, string]>): { id: string; history: HistoryService; close(): void } {
  const recorder = store.create();
  const history = new HistoryService({ counter: estimatingCounter, contextWindow: 1_000_000 });
  recorder.attach(history);
  for (const [prompt, answer] of turns) {
    history.add(say('human', prompt));
    history.add(say('ai', answer));
  }
  return { id: recorder.id, history, close: () => recorder.close() };
}

describe('recall', () => {
  it('finds the session and turn that talked about something, kept current as sessions grow', async () => {
    await using ws = await tempWorkspace();
    const store = SessionStore.forProject(ws.root, ws.env());
    const parser = record(store, [
      ['set up the project', 'created package.json and tsconfig'],
      ['the CSV parser breaks on quoted newlines', 'The tokenizer now tracks quote state across lines, so quoted newlines stay inside one field.'],
    ]);
    parser.close();
    const docker = record(store, [['write a Dockerfile for the API', 'Added a multi-stage Dockerfile using node:20-alpine.']]);

    const [best] = await store.recall('how did we fix quoted newlines in the csv parser?');
    expect(best).toMatchObject({ sessionId: parser.id, turn: 2, title: 'set up the project' });
    expect(best?.snippet).toMatch(/quoted newlines/);

    expect(await store.recall('kubernetes helm chart')).toEqual([]);
    docker.history.add(say('human', 'now add a helm chart for kubernetes'));
    const [helm] = await store.recall('kubernetes helm chart');
    expect(helm).toMatchObject({ sessionId: docker.id, turn: 2, speaker: 'human' });
    expect(await store.recall('kubernetes helm', { excludeSessionId: docker.id })).toEqual([]);
    docker.close();

    await store.delete(parser.id);
    expect((await store.recall('quoted newlines')).map((match) => match.sessionId)).not.toContain(parser.id);
  });

  it('formats matches as context marked as recalled, and excerpts long text around the match', () => {
    const long = `${'filler words here '.repeat(30)}the migration renamed the users table ${'and more text '.repeat(30)}`;
    const snippet = snippetOf(long, ['migration']);
    expect(snippet).toMatch(/^….*migration renamed the users table.*…$/);
    expect(snippet.length).toBeLessThanOrEqual(202);
    const text = formatRecalledContext([
      { sessionId: 's', title: 'DB work', turn: 3, speaker: 'ai', snippet, time: Date.UTC(2025, 0, 2), score: 1 },
    ]);
    expect(text.split('\n')[0]).toBe('<recalled_context>');
    expect(text).toContain('[1] "DB work" (2025-01-02, turn 3), alfred answered:');
    expect(text.endsWith('</recalled_context>')).toBe(true);
    expect(formatRecalledContext([])).toBe('');
  });
});
