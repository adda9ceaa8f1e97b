import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { ScriptedController, type ScriptStep } from './scripted-controller.js';

const ENTER = '\r';
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function start(scripts: ScriptStep[][], history: string[] = []) {
  const controller = new ScriptedController({ scripts, history, commands: [{ name: 'model', description: 'switch the model', argumentHint: '<name>' }] });
  const view = render(<App controller={controller} mode="fullscreen" version="9.9.9" />);
  const frame = () => view.lastFrame() ?? '';
  return { controller, view, frame, ready: () => vi.waitFor(() => expect(frame()).toContain('Ask alfred')).then(tick) };
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
    await vi.waitFor(() => expect(frame()).toContain('Some bold words.'));
    await vi.waitFor(() => expect(frame()).toContain('> explain'));
    await vi.waitFor(() => expect(frame()).toContain('Heading'));
    await vi.waitFor(() => expect(frame()).toContain('1.2k tokens'));
    await vi.waitFor(() => expect(frame()).toContain('88% context left'));
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
    await vi.waitFor(() => expect(frame()).toContain('Allow this tool call?'));
    await tick();
    await vi.waitFor(() => expect(frame()).toContain('• rm -rf /'));
    await vi.waitFor(() => expect(frame()).toContain('awaiting approval'));
    await type(view, '1');
    await vi.waitFor(() => expect(frame()).toContain('done · 1.5s'));
    await vi.waitFor(() => expect(frame()).toContain('exit code 0'));
    expect(frame()).not.toContain('Allow this tool call?');
    expect(controller.answers).toEqual([{ callId: 'c1', outcome: { kind: 'proceed_once' } }]);
  });

  it('leaves escape sequences in model output inert', async () => {
    const { view, frame, ready } = start([[{ type: 'text_delta', text: 'a\u001B]52;c;aGk=\u0007b \u001B[2Jc' }, { type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'x', ENTER);
    await vi.waitFor(() => expect(frame()).toContain('a␛]52;c;aGk=␇b ␛[2Jc'));
    expect(frame()).not.toContain('\u001B]52');
  });

  it('edits the prompt with the editing keys before sending it', async () => {
    const { view, frame, controller, ready } = start([[{ type: 'done', reason: 'stop' }]]);
    await ready();
    await type(view, 'hello world', '\u0017', 'there', '\u0001', 'oh ', '\u0005', '\n', 'second line');
    await vi.waitFor(() => expect(frame()).toContain('oh hello there'));
    await vi.waitFor(() => expect(frame()).toContain('second line'));
    await type(view, '\u0015', ENTER);
    await vi.waitFor(() => expect(controller.prompts).toEqual(['oh hello there\n']));
  });
});
