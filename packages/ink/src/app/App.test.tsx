import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { ScriptedController, type ScriptStep } from './scripted-controller.js';

const ENTER = '\r';
/** Generous: the machines these run on are shared and often loaded. */
const waitFor = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function start(scripts: ScriptStep[][], history: string[] = [], mode: 'fullscreen' | 'inline' = 'fullscreen') {
  const controller = new ScriptedController({ scripts, history, commands: [{ name: 'model', description: 'switch the model', argumentHint: '<name>' }] });
  const view = render(<App controller={controller} mode={mode} version="9.9.9" />);
  const frame = () => view.lastFrame() ?? '';
  return { controller, view, frame, ready: () => waitFor(() => expect(frame()).toContain('Ask alfred')).then(tick) };
}

async function type(view: ReturnType<typeof render>, ...keys: string[]) {
  for (const key of keys) {
    view.stdin.write(key);
    await tick();
  }
}

const shellCall: ScriptStep = { type: 'tool_call', call: { id: 'c1', name: 'shell', args: { command: 'npm test' }, description: 'Run npm test', kind: 'execute' } };
const askShell: ScriptStep[] = [
  shellCall,
  { type: 'tool_confirmation_request', callId: 'c1', view: { type: 'exec', command: 'npm test; rm -rf /', visibleCommand: 'npm test; rm -rf /', subCommands: ['npm test', 'rm -rf /'] } },
  { type: 'await_confirmation', callId: 'c1' },
];

afterEach(cleanup);

describe('App', () => {
  it('streams a markdown answer under the prompt and shows the tokens in the footer', async () => {
    const { view, frame, ready } = start([[
      { type: 'text_delta', text: '# Heading\n\nSome ' },
      { type: 'text_delta', text: '**bold** words.' },
      { type: 'usage', usage: { input: 1000, output: 234 }, contextTokens: 1234, contextWindow: 10_000 },
      { type: 'done', reason: 'stop' },
    ]]);
    await ready();
    await type(view, 'explain', ENTER);
    await waitFor(() => expect(frame()).toContain('Some bold words.'));
    await waitFor(() => expect(frame()).toContain('> explain'));
    await waitFor(() => expect(frame()).toContain('Heading'));
    await waitFor(() => expect(frame()).toContain('1.2k tokens'));
    await waitFor(() => expect(frame()).toContain('88% context left'));
  });

  it('asks before a tool runs, lists each sub-command, and answers "once" with the 1 key', async () => {
    const { view, frame, controller, ready } = start([[
      ...askShell,
      { type: 'tool_confirmation_result', callId: 'c1', outcome: { kind: 'proceed_once' }, decidedBy: 'user' },
      { type: 'tool_start', callId: 'c1' },
      { type: 'tool_result', callId: 'c1', status: 'completed', view: { summary: 'exit code 0' }, durationMs: 1500 },
      { type: 'done', reason: 'stop' },
    ]]);
    await ready();
    await type(view, 'test it', ENTER);
    await waitFor(() => expect(frame()).toContain('Allow this tool call?'));
    await tick();
    await waitFor(() => expect(frame()).toContain('• rm -rf /'));
    await waitFor(() => expect(frame()).toContain('awaiting approval'));
    await type(view, '1');
    await waitFor(() => expect(frame()).toContain('done · 1.5s'));
    await waitFor(() => expect(frame()).toContain('exit code 0'));
    expect(frame()).not.toContain('Allow this tool call?');
    expect(controller.answers).toEqual([{ callId: 'c1', outcome: { kind: 'proceed_once' } }]);
  });

  it('leaves escape sequences in model output inert', async () => {
    const { view, frame, ready } = start([[{ type: 'text_delta', text: 'a\u001B]52;c;aGk=\u0007b \u001B[2Jc' }, { type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'x', ENTER);
    await waitFor(() => expect(frame()).toContain('a␛]52;c;aGk=␇b ␛[2Jc'));
    expect(frame()).not.toContain('\u001B]52');
  });

  it('edits the prompt with the editing keys before sending it', async () => {
    const { view, frame, controller, ready } = start([[{ type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'hello world', '\u0017', 'there', '\u0001', 'oh ', '\u0005', '\n', 'second line');
    await waitFor(() => expect(frame()).toContain('oh hello there'));
    await waitFor(() => expect(frame()).toContain('second line'));
    await type(view, '\u0015', ENTER);
    await waitFor(() => expect(controller.prompts).toEqual(['oh hello there\n']));
  });

  it('sends the reason typed right after 5, even when both arrive in one read', async () => {
    const { view, frame, controller, ready } = start([[...askShell, { type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'clean up', ENTER);
    await waitFor(() => expect(frame()).toContain('Allow this tool call?'));
    view.stdin.write('5');
    view.stdin.write('tests first');
    await waitFor(() => expect(frame()).toContain('tests first'));
    await type(view, ENTER);
    await waitFor(() => expect(controller.answers).toEqual([{ callId: 'c1', outcome: { kind: 'cancel', reason: 'tests first' } }]));

    const again = start([[...askShell, { type: 'done', reason: 'stop' }]]);
    await again.ready();
    await type(again.view, 'clean up', ENTER);
    await waitFor(() => expect(again.frame()).toContain('Allow this tool call?'));
    await type(again.view, '5not now\r');
    await waitFor(() => expect(again.controller.answers).toEqual([{ callId: 'c1', outcome: { kind: 'cancel', reason: 'not now' } }]));
  });

  it('updates the Ctrl+R query as it is typed and puts the match in the composer', async () => {
    const { view, frame, controller, ready } = start([[{ type: 'done', reason: 'stop' }]], ['alpha one', 'beta two', 'alpha three']);
    await ready();
    view.stdin.write('\u0012');
    view.stdin.write('al');
    await waitFor(() => expect(frame()).toContain("(reverse-i-search)`al': alpha three"));
    await type(view, '\u0012');
    await waitFor(() => expect(frame()).toContain("(reverse-i-search)`al': alpha one"));
    await type(view, ENTER, ENTER);
    await waitFor(() => expect(controller.prompts).toEqual(['alpha one']));
  });

  it('shows a large bracketed paste collapsed, never submits on its newlines, and sends it whole', async () => {
    const { view, frame, controller, ready } = start([[{ type: 'done', reason: 'stop' }]]);
    await ready();
    const pasted = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\r');
    await type(view, 'look: ', `\u001B[200~${pasted}\u001B[201~`);
    await waitFor(() => expect(frame()).toContain('look: [pasted 30 lines #1]'));
    expect(controller.prompts).toEqual([]);
    await type(view, ENTER);
    await waitFor(() => expect(controller.prompts).toEqual([`look: ${pasted.replaceAll('\r', '\n')}`]));
  });

  it('keeps a short multi-line paste as text with its line breaks', async () => {
    const { view, frame, controller, ready } = start([[{ type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, '\u001B[200~one\rtwo\u001B[201~');
    await waitFor(() => expect(frame()).toContain('two'));
    expect(controller.prompts).toEqual([]);
    await type(view, ENTER);
    await waitFor(() => expect(controller.prompts).toEqual(['one\ntwo']));
  });

  it('shows engine notices (slash command answers) as info lines', async () => {
    const { view, frame, controller, ready } = start([[{ type: 'notice', level: 'info', text: 'Model switched to small-1.' }, { type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, '/model small-1', ENTER);
    await waitFor(() => expect(frame()).toContain('ℹ Model switched to small-1.'));
    expect(controller.prompts).toEqual(['/model small-1']);
  });

  it('searches the transcript with Ctrl+F and scrolls the match into view', async () => {
    const answer = Array.from({ length: 60 }, (_, index) => (index === 5 ? 'the needle is here' : `filler ${index}`)).join('\n\n');
    const { view, frame, ready } = start([[{ type: 'text_delta', text: answer }, { type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'go', ENTER);
    await waitFor(() => expect(frame()).toContain('filler 59'));
    expect(frame()).not.toContain('needle');
    await type(view, '\u0006', 'needle');
    await waitFor(() => expect(frame()).toContain('1 of 1'));
    expect(frame()).toContain('the needle is here');
    await type(view, '\u001B');
    await waitFor(() => expect(frame()).toContain('Ask alfred'));
    expect(frame()).toContain('the needle is here');
  });

  it('scrolls the full-screen transcript with the mouse wheel', async () => {
    const answer = Array.from({ length: 60 }, (_, index) => `row ${index}`).join('\n\n');
    const { view, frame, ready } = start([[{ type: 'text_delta', text: answer }, { type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'go', ENTER);
    await waitFor(() => expect(frame()).toContain('row 59'));
    for (let step = 0; step < 20; step++) view.stdin.write('\u001B[<64;10;5M');
    await waitFor(() => expect(frame()).toContain('new lines ↓'));
    expect(frame()).not.toContain('row 59');
    expect(frame()).not.toContain('[<64');
  });
});
