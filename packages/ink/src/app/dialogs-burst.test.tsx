import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { ScriptedController, type ScriptedControllerOptions, type ScriptStep } from './scripted-controller.js';

/**
 * Keys that reach alfred in one read (a fast typist, a paste of keystrokes, tmux send-keys, a busy
 * event loop): each must be handled by whatever has the keyboard after the key before it, even when
 * that key opened or closed a dialog that React has not drawn yet.
 */

const DOWN = '\u001B[B';
/** Generous: the machines these run on are shared and often loaded. */
const waitFor = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function start(options: Partial<ScriptedControllerOptions>) {
  const controller = new ScriptedController({ scripts: [[{ type: 'done', reason: 'stop' }]], ...options });
  const view = render(<App controller={controller} mode="fullscreen" version="9.9.9" />);
  const frame = () => view.lastFrame() ?? '';
  const ready = (text = 'Ask alfred') => waitFor(() => expect(frame()).toContain(text)).then(tick);
  return { controller, frame, ready, write: (data: string) => view.stdin.write(data) };
}

const askShell: ScriptStep[] = [
  { type: 'tool_call', call: { id: 'c1', name: 'shell', args: { command: 'make clean' }, description: 'Run make clean', kind: 'execute' } },
  { type: 'tool_confirmation_request', callId: 'c1', view: { type: 'exec', command: 'make clean', visibleCommand: 'make clean', subCommands: ['make clean'] } },
  { type: 'await_confirmation', callId: 'c1' },
  { type: 'done', reason: 'stop' },
];

afterEach(cleanup);

describe('keys in one read', () => {
  it('gives the key after "/theme⏎" to the theme dialog it opened, and saves the theme chosen', async () => {
    const { controller, frame, ready, write } = start({});
    await ready();
    write('/theme\r2');
    await waitFor(() => expect(controller.calls).toEqual([{ method: 'setSetting', args: ['ui.theme', 'alfred-light', 'user'] }]));
    await waitFor(() => expect(frame()).toContain('Ask alfred'));
    expect(frame()).not.toContain('Theme');
  });

  it('moves and chooses in a list dialog opened by the same read, then types into the composer', async () => {
    const { controller, frame, ready, write } = start({ providers: ['anthropic', 'openai'] });
    await ready();
    write(`/provider\r${DOWN}\rnext question`);
    await waitFor(() => expect(controller.calls).toEqual([{ method: 'setProvider', args: ['openai', undefined] }]));
    await waitFor(() => expect(frame()).toContain('> next question'));
  });

  it('answers a confirmation once with "2" and sends the rest of the read to the composer', async () => {
    const { controller, frame, ready, write } = start({ scripts: [askShell] });
    await ready();
    write('clean up\r');
    await waitFor(() => expect(frame()).toContain('Allow this tool call?'));
    write('22and then');
    await waitFor(() => expect(frame()).toContain('> 2and then'));
    expect(controller.answers).toEqual([{ callId: 'c1', outcome: { kind: 'proceed_always_session' } }]);
  });

  it('chooses a provider in the first-run auth dialog and takes the key typed in the same read', async () => {
    const { controller, ready, write } = start({ needsAuth: true });
    await ready('No provider is set up yet');
    write(`${DOWN}\rsk-fast-typist\r`);
    await waitFor(() => expect(controller.calls).toEqual([{ method: 'setApiKey', args: ['openai', 'sk-fast-typist'] }]));
  });

  it('opens a setting for editing and types its new value without saving the Enter that opened it', async () => {
    const settings = [{ keyPath: 'ui.maxFps', value: 30, origin: 'default', description: 'frames per second' }];
    const { controller, frame, ready, write } = start({ settings });
    await ready();
    write('/settings\r\r');
    await waitFor(() => expect(frame()).toContain('value: 30'));
    expect(controller.calls).toEqual([]);
    write('\u007f\u007f60\r');
    await waitFor(() => expect(controller.calls).toEqual([{ method: 'setSetting', args: ['ui.maxFps', 60, 'user'] }]));
  });

  it('submits at an Enter inside a read and keeps typing after it', async () => {
    const { controller, frame, ready, write } = start({});
    await ready();
    write('first\rsecond');
    await waitFor(() => expect(controller.prompts).toEqual(['first']));
    await waitFor(() => expect(frame()).toContain('> second'));
  });

  it("takes Shift+Enter in xterm's modifyOtherKeys form as a new line and drops sequences it does not know", async () => {
    const { controller, frame, ready, write } = start({});
    await ready();
    write('one');
    write('\u001B[27;2;13~');
    write('two');
    write('\u001B[1;2P');
    await waitFor(() => expect(frame()).toMatch(/> one\s*│\n│\s+two/));
    expect(frame()).not.toContain('[27;2;13~');
    expect(frame()).not.toContain('[1;2P');
    write('\r');
    await waitFor(() => expect(controller.prompts).toEqual(['one\ntwo']));
  });
});
