import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HistoryService } from '../history/history-service.js';
import { SessionRecorder } from './session-recorder.js';
import { SessionWriter } from './session-writer.js';

describe('SessionWriter', () => {
  it.runIf(existsSync('/dev/full'))('turns recording off with one warning when the disk is full, and the session goes on', () => {
    const warnings: string[] = [];
    const writer = new SessionWriter({ file: '/dev/full', mode: 'append', onWarning: (message) => warnings.push(message) });
    const recorder = new SessionRecorder({ id: 'full-disk', writer });
    const history = new HistoryService({ contextWindow: 100_000 });
    recorder.attach(history);
    history.add({ speaker: 'human', blocks: [{ type: 'text', text: 'hello' }] });
    history.add({ speaker: 'ai', blocks: [{ type: 'text', text: 'hi' }] });
    recorder.record({ type: 'text_delta', text: 'more' });
    expect(history.length).toBe(2);
    expect(recorder.recording).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(recorder.warning).toMatch(/Session recording stopped: the disk is full\. The session goes on/);
    recorder.close();
  });
});
