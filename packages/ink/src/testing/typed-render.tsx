import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { KeyRouter } from '../hooks/use-keys.js';

/** Generous: the machines these run on are shared and often loaded. */
export const waitFor = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** Long enough for a key to be read and the frame it leads to drawn. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Renders a component for a test that types at it: `frame()` is what is on screen, `type(...keys)`
 * sends each argument as its own read. Components that take keys need a `KeyRouter` around them;
 * the whole `App` brings its own (`router: false`).
 */
export function typedRender(element: ReactElement, options: { router?: boolean } = {}): { frame: () => string; type: (...keys: string[]) => Promise<void> } {
  const view = render(options.router === false ? element : <KeyRouter>{element}</KeyRouter>);
  const frame = () => view.lastFrame() ?? '';
  const type = async (...keys: string[]) => {
    for (const key of keys) {
      view.stdin.write(key);
      await tick();
    }
  };
  return { frame, type };
}
