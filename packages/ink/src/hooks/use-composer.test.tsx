import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandInfo } from '../app/session-controller.js';
import { Composer } from '../components/composer/Composer.js';
import { DEFAULT_THEME } from '../theme/themes.js';
import { useComposer, type ComposerOptions } from './use-composer.js';
import { tick, typedRender, waitFor } from '../testing/typed-render.js';


const COMMANDS: CommandInfo[] = Array.from({ length: 12 }, (_, index) => ({ name: `command${String(index).padStart(2, '0')}`, description: `does thing ${index}` }));
COMMANDS.push({ name: 'chat', description: 'saved sessions', argumentHint: '[list|resume <id>]' });

function Harness(props: Partial<ComposerOptions> & { onSubmit(text: string, shell: boolean): void }) {
  const view = useComposer({ history: [], commands: COMMANDS, onInterrupt: () => undefined, onEscape: () => undefined, active: true, ...props });
  return <Composer view={view} theme={DEFAULT_THEME} width={70} placeholder="Ask alfred" />;
}

function start(props: Partial<ComposerOptions> = {}) {
  const sent: Array<{ text: string; shell: boolean }> = [];
  const { frame, type } = typedRender(<Harness {...props} onSubmit={(text, shell) => sent.push({ text, shell })} />);
  return { sent, frame, type };
}

afterEach(cleanup);

describe('the composer', () => {
  it('lists every matching command a window at a time and scrolls through them with ↑↓', async () => {
    const { frame, type } = start();
    await type('/');
    await waitFor(() => expect(frame()).toContain('↓ 5 more'));
    expect(frame()).toContain('/command00  does thing 0');
    expect(frame()).not.toContain('/chat');
    for (let step = 0; step < 12; step++) await type('\u001B[B');
    await waitFor(() => expect(frame()).toContain('/chat [list|resume <id>]  saved sessions'));
    expect(frame()).toContain('↑ 5 more');
  });

  it('completes a command with Tab typed in the same read as its first letters', async () => {
    const { sent, type } = start();
    await type('/cha\t\r');
    await waitFor(() => expect(sent).toEqual([{ text: '/chat ', shell: false }]));
  });

  it('does not choose from a path list made for an earlier token', async () => {
    const completePath = (prefix: string) => new Promise<string[]>((resolve) => setTimeout(() => resolve([`${prefix}-match.ts`]), 50));
    const { frame, type } = start({ completePath });
    await type('@a');
    await waitFor(() => expect(frame()).toContain('@a-match.ts'));
    await type('b\t');
    await tick();
    expect(frame()).toContain('> @ab');
    expect(frame()).not.toContain('> @a-match.ts');
  });

  it('shows what a command typed in full takes while its arguments are typed', async () => {
    const { frame, type } = start();
    await type('/chat re');
    await waitFor(() => expect(frame()).toContain('/chat [list|resume <id>]  saved sessions'));
  });

  it('collapses a 20-line paste as "[pasted 20 lines]" and sends it whole', async () => {
    const { sent, frame, type } = start();
    const pasted = `${Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n')}\n`;
    await type(`\u001B[200~${pasted}\u001B[201~`);
    await waitFor(() => expect(frame()).toContain('[pasted 20 lines #1]'));
    await type('\r');
    expect(sent).toEqual([{ text: pasted, shell: false }]);
  });

  it('breaks the line on Ctrl+J, Alt+Enter and \\ then Enter, and sends on Enter', async () => {
    const { sent, type } = start();
    await type('one', '\n', 'two', '\u001B\r', 'three\\', '\r', 'four', '\r');
    expect(sent).toEqual([{ text: 'one\ntwo\nthree\nfour', shell: false }]);
  });

  it('toggles shell mode with ! on an empty prompt, says so, and sends the command as shell', async () => {
    const { sent, frame, type } = start();
    await type('!');
    await waitFor(() => expect(frame()).toContain('a shell command'));
    await type('ls -la', '\r');
    expect(sent).toEqual([{ text: 'ls -la', shell: true }]);
    await type('\u007f');
    await waitFor(() => expect(frame()).toContain('Ask alfred'));
  });

  it('walks the history with ↑↓ and comes back to the draft', async () => {
    const { frame, type } = start({ history: ['first', 'second'] });
    await type('draft', '\u001B[A');
    await waitFor(() => expect(frame()).toContain('> second'));
    await type('\u001B[A');
    await waitFor(() => expect(frame()).toContain('> first'));
    await type('\u001B[B', '\u001B[B');
    await waitFor(() => expect(frame()).toContain('> draft'));
  });
});
