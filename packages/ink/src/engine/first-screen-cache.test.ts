import { tempWorkspace } from '@alfred/testkit';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFirstScreen, writeFirstScreen, type FirstScreen } from './first-screen-cache.js';

const SCREEN: FirstScreen = {
  placeholder: { cwd: '/project', provider: 'anthropic', model: 'claude-x', approvalMode: 'default', contextWindow: 200_000, contextTokens: 0, sessionTokens: 0 },
  trust: 'trusted',
  keyKnown: true,
  ui: { screen: 'inline', theme: 'dracula', maxFps: 30, hideBanner: false },
};

async function remembered() {
  const workspace = await tempWorkspace();
  const settings = path.join(workspace.alfredHome, 'settings.json');
  writeFileSync(settings, '{ "general": { "model": "claude-x" } }');
  const env = { ALFRED_HOME: workspace.alfredHome, ANTHROPIC_API_KEY: 'k' };
  const sources = [settings, path.join(workspace.alfredHome, '.env')];
  writeFirstScreen('/project', {}, { ...SCREEN, sources, keyEnvNames: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] }, env);
  return { workspace, settings, env };
}

describe('the remembered first screen', () => {
  it('is used again while nothing it was computed from has changed', async () => {
    const { workspace, env } = await remembered();
    await using _ = workspace;
    expect(readFirstScreen('/project', {}, env)).toEqual(SCREEN);
  });

  it('misses when a settings file changes, or a file that was missing appears', async () => {
    const { workspace, settings, env } = await remembered();
    await using _ = workspace;
    writeFileSync(settings, '{ "general": { "model": "claude-yy" } }');
    expect(readFirstScreen('/project', {}, env)).toBeUndefined();

    const again = await remembered();
    await using __ = again.workspace;
    writeFileSync(path.join(again.workspace.alfredHome, '.env'), 'OPENAI_API_KEY=x\n');
    expect(readFirstScreen('/project', {}, again.env)).toBeUndefined();
  });

  it('misses when an API key variable is set or unset, or for another folder or other flags', async () => {
    const { workspace, env } = await remembered();
    await using _ = workspace;
    expect(readFirstScreen('/project', {}, { ...env, OPENAI_API_KEY: 'o' })).toBeUndefined();
    expect(readFirstScreen('/project', {}, { ALFRED_HOME: env.ALFRED_HOME })).toBeUndefined();
    expect(readFirstScreen('/elsewhere', {}, env)).toBeUndefined();
    expect(readFirstScreen('/project', { model: 'other' }, env)).toBeUndefined();
  });

  it('treats a damaged cache file as empty and writes over it', async () => {
    const { workspace, env } = await remembered();
    await using _ = workspace;
    const file = path.join(workspace.alfredHome, 'tmp', 'first-screen.json');
    writeFileSync(file, '{ not json');
    expect(readFirstScreen('/project', {}, env)).toBeUndefined();
    writeFirstScreen('/project', {}, { ...SCREEN, sources: [], keyEnvNames: [] }, env);
    expect(readFirstScreen('/project', {}, env)).toEqual(SCREEN);
  });

  it('leaves the file alone when a start finds what the last one did', async () => {
    const { workspace, settings, env } = await remembered();
    await using _ = workspace;
    const file = path.join(workspace.alfredHome, 'tmp', 'first-screen.json');
    const before = statSync(file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const sources = [settings, path.join(workspace.alfredHome, '.env')];
    writeFirstScreen('/project', {}, { ...SCREEN, sources, keyEnvNames: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] }, env);
    expect(statSync(file).mtimeMs).toBe(before);
    writeFirstScreen('/project', {}, { ...SCREEN, keyKnown: false, sources, keyEnvNames: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] }, env);
    expect(statSync(file).mtimeMs).toBeGreaterThan(before);
  });
});
