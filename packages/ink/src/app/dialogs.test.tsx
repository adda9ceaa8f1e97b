import { cleanup } from 'ink-testing-library';
import { tick, typedRender, waitFor } from '../testing/typed-render.js';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './App.js';
import { ScriptedController, type ScriptedControllerOptions } from './scripted-controller.js';

const ENTER = '\r';
const DOWN = '\u001B[B';
const ESC = '\u001B';
const TAB = '\t';

function start(options: Partial<ScriptedControllerOptions>) {
  const controller = new ScriptedController({ scripts: [[{ type: 'done', reason: 'stop' }]], ...options });
  const { frame, type } = typedRender(<App controller={controller} mode="fullscreen" version="9.9.9" />, { router: false });
  return { controller, frame, type };
}

async function opened(frame: () => string, text: string) {
  await waitFor(() => expect(frame()).toContain(text));
  await tick();
}

afterEach(cleanup);

describe('dialogs', () => {
  it('asks for folder trust on first run, then for a key, which it never shows', async () => {
    const { controller, frame, type } = start({ trust: 'unknown', needsAuth: true });
    await opened(frame, 'Do you trust the files in this folder?');
    expect(frame()).toContain("3 Don't trust");
    await type('1');
    await opened(frame, 'No provider is set up yet: choose one');
    await type(DOWN, ENTER);
    await opened(frame, 'API key for openai');
    await type('sk-test-9876');
    await waitFor(() => expect(frame()).toContain('••••••••••••'));
    expect(frame()).not.toContain('sk-test');
    await type(ENTER);
    await waitFor(() => expect(frame()).toContain('Saved the key for openai.'));
    expect(frame()).not.toContain('sk-test');
    expect(controller.calls).toEqual([
      { method: 'setTrust', args: ['TRUST_FOLDER'] },
      { method: 'setApiKey', args: ['openai', 'sk-test-9876'] },
    ]);
    await waitFor(() => expect(frame()).toContain('Ask alfred'));
  });

  it('offers a local OpenAI-compatible server in the auth dialog', async () => {
    const { controller, frame, type } = start({ needsAuth: true, localServers: [{ name: 'Ollama', baseUrl: 'http://localhost:11434/v1' }] });
    await opened(frame, 'local server at http://localhost:11434/v1');
    await type('oll', ENTER);
    await waitFor(() => expect(frame()).toContain('Using Ollama at http://localhost:11434/v1.'));
    expect(controller.calls).toEqual([{ method: 'connectLocalServer', args: [{ name: 'Ollama', baseUrl: 'http://localhost:11434/v1' }] }]);
  });

  it('says when no local server answered, so the user knows it looked', async () => {
    const { frame } = start({ needsAuth: true, localServers: [] });
    await opened(frame, 'No local OpenAI-compatible server answered');
    expect(frame()).toContain('anthropic');
  });

  it('/model lists models with their context, filters as typed, and switches on Enter', async () => {
    const { controller, frame, type } = start({ models: [{ id: 'big-1', contextWindow: 200_000 }, { id: 'small-1', contextWindow: 32_000 }] });
    await opened(frame, 'Ask alfred');
    await type('/model', ENTER);
    await opened(frame, 'big-1  200k context');
    await type('small');
    await waitFor(() => expect(frame()).not.toContain('big-1'));
    await type(ENTER);
    await waitFor(() => expect(frame()).toContain('Model: small-1'));
    expect(controller.calls).toEqual([{ method: 'setModel', args: ['small-1'] }]);
    expect(controller.prompts).toEqual([]);
  });

  it('/model with an argument goes to the engine', async () => {
    const { controller, frame, type } = start({ models: [{ id: 'big-1' }] });
    await opened(frame, 'Ask alfred');
    await type('/model big-1', ENTER);
    await waitFor(() => expect(controller.prompts).toEqual(['/model big-1']));
  });

  it('/provider switches provider', async () => {
    const { controller, frame, type } = start({ providers: ['anthropic', 'openai'] });
    await opened(frame, 'Ask alfred');
    await type('/provider', ENTER);
    await opened(frame, 'openai');
    await type(DOWN, ENTER);
    await waitFor(() => expect(frame()).toContain('Provider: openai'));
    expect(controller.calls).toEqual([{ method: 'setProvider', args: ['openai', undefined] }]);
  });

  it('/tools turns a tool off and on with Space', async () => {
    const { controller, frame, type } = start({ tools: [{ name: 'shell', kind: 'execute', enabled: true, source: 'builtin' }, { name: 'web_fetch', kind: 'fetch', enabled: true, source: 'builtin' }] });
    await opened(frame, 'Ask alfred');
    await type('/tools', ENTER);
    await opened(frame, '[x] shell  execute · builtin');
    await type(' ');
    await waitFor(() => expect(frame()).toContain('[ ] shell'));
    expect(frame()).toContain('Tools (1 of 2 enabled)');
    expect(controller.calls).toEqual([{ method: 'setToolEnabled', args: ['shell', false] }]);
    await type(ESC);
    await waitFor(() => expect(frame()).toContain('Ask alfred'));
  });

  it('/chat lists saved sessions and resumes one into a fresh transcript', async () => {
    const { controller, frame, type } = start({
      sessions: [{
        id: 's1', title: 'Parser refactor', updated: Date.now() - 3 * 60_000, messageCount: 4,
        events: [{ type: 'user_prompt', text: 'split the parser' }, { type: 'text_delta', text: 'Done: three modules.' }, { type: 'done', reason: 'stop' }],
      }],
    });
    await opened(frame, 'Ask alfred');
    await type('/chat', ENTER);
    await opened(frame, 'Parser refactor  4 messages · 3m ago');
    await type(ENTER);
    await waitFor(() => expect(frame()).toContain('Done: three modules.'));
    expect(frame()).toContain('> split the parser');
    expect(frame()).not.toContain('/chat');
    expect(controller.calls).toEqual([{ method: 'resumeSession', args: ['s1'] }]);
  });

  it('/settings shows where each value comes from and saves an edit to the chosen layer', async () => {
    const { controller, frame, type } = start({
      settings: [
        { keyPath: 'ui.screen', value: 'fullscreen', origin: 'default', description: 'Full screen or inline.' },
        { keyPath: 'general.maxTurns', value: 50, origin: 'user', description: 'Model turns per prompt.' },
      ],
    });
    await opened(frame, 'Ask alfred');
    await type('/settings', ENTER);
    await opened(frame, 'ui.screen  fullscreen  (default)');
    expect(frame()).toContain('general.maxTurns  50  (user)');
    await type('turns', ENTER);
    await opened(frame, 'now 50, from user');
    await type('\u007F\u007F', '80', TAB, ENTER);
    await waitFor(() => expect(frame()).toContain('Saved general.maxTurns to the workspace settings.'));
    expect(controller.calls).toEqual([{ method: 'setSetting', args: ['general.maxTurns', 80, 'workspace'] }]);
    await waitFor(() => expect(frame()).toContain('general.maxTurns  80  (workspace)'));
  });

  it('/mcp lists servers with their state and tools', async () => {
    const { frame, type } = start({ mcp: [{ name: 'docs', status: 'connected', tools: ['docs__search', 'docs__read'] }] });
    await opened(frame, 'Ask alfred');
    await type('/mcp', ENTER);
    await opened(frame, 'docs  connected · 2 tools');
    expect(frame()).toContain('docs__search, docs__read');
  });
});
