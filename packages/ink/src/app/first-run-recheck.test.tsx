import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { ScriptedController } from './scripted-controller.js';

const waitFor = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** A controller whose engine answers later: what the first frame assumed, then what it found. */
class LateEngine extends ScriptedController {
  private readonly listeners = new Set<() => void>();
  onInfoChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  engineFound(found: { trust?: 'unknown'; needsAuth?: boolean }): void {
    Object.assign(this.options, found);
    for (const listener of [...this.listeners]) listener();
  }
}

afterEach(cleanup);

describe('a fast start whose engine disagrees with the remembered first screen', () => {
  it('opens the trust dialog when the engine finds the folder not trusted after all', async () => {
    const controller = new LateEngine({ scripts: [], trust: 'trusted' });
    const view = render(<App controller={controller} mode="fullscreen" version="9.9.9" />);
    await waitFor(() => expect(view.lastFrame()).toContain('Ask alfred'));
    controller.engineFound({ trust: 'unknown' });
    await waitFor(() => expect(view.lastFrame()).toContain('Do you trust the files in this folder?'));
  });

  it('opens the auth dialog when no key turns out to be usable, and only on the engine\'s first word', async () => {
    const controller = new LateEngine({ scripts: [], needsAuth: false });
    const view = render(<App controller={controller} mode="fullscreen" version="9.9.9" />);
    await waitFor(() => expect(view.lastFrame()).toContain('Ask alfred'));
    controller.engineFound({ needsAuth: true });
    await waitFor(() => expect(view.lastFrame()).not.toContain('Ask alfred'));
    view.stdin.write('\u001B');
    await waitFor(() => expect(view.lastFrame()).toContain('Ask alfred'));
    controller.engineFound({ needsAuth: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.lastFrame()).toContain('Ask alfred');
  });
});
