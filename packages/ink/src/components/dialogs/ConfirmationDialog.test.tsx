import type { ConfirmationOutcome } from '@alfred/core';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { typedRender, waitFor } from '../../testing/typed-render.js';
import type { PendingConfirmation } from '../../state/history-items.js';
import { DEFAULT_THEME } from '../../theme/themes.js';
import { ConfirmationDialog } from './ConfirmationDialog.js';


const args = { path: 'src/app.ts', old_string: 'x', new_string: 'y = 1' };
const pending: PendingConfirmation = {
  callId: 'e1',
  view: { type: 'edit', path: 'src/app.ts', isNewFile: false, diff: '@@ -1 +1 @@\n-x\n+y = 1' },
  call: { id: 'e1', name: 'edit', description: 'Edit src/app.ts', kind: 'edit', args, status: 'awaiting_approval', outputTail: '' },
};

function start(confirmation: PendingConfirmation = pending, onExternalEdit?: (json: string) => Promise<string | undefined>) {
  const answers: ConfirmationOutcome[] = [];
  const { frame, type } = typedRender(
    <ConfirmationDialog pending={confirmation} theme={DEFAULT_THEME} width={80} onAnswer={(_callId, outcome) => answers.push(outcome)}
      {...(onExternalEdit ? { onExternalEdit } : {})} />,
  );
  return { answers, frame, type };
}

afterEach(cleanup);

describe('the confirmation dialog', () => {
  it('shows the diff and edits the arguments as JSON, moving between its lines', async () => {
    const { answers, frame, type } = start();
    await waitFor(() => expect(frame()).toContain('+ y = 1'));
    await type('4');
    await waitFor(() => expect(frame()).toContain('"new_string": "y = 1"'));
    await type('\u001B[A', '\u0005', '\u007f', '\u007f', '2"', '\r');
    await waitFor(() => expect(answers).toEqual([{ kind: 'modify', args: { ...args, new_string: 'y = 2' } }]));
  });

  it('opens the arguments in $EDITOR with Ctrl+X and runs what was saved there', async () => {
    const edited: string[] = [];
    const { answers, frame, type } = start(pending, (json) => {
      edited.push(json);
      return Promise.resolve(json.replace('"y = 1"', '"y = 42"'));
    });
    await type('4');
    await waitFor(() => expect(frame()).toContain('ctrl+x in $EDITOR'));
    await type('\u0018');
    await waitFor(() => expect(frame()).toContain('"new_string": "y = 42"'));
    expect(JSON.parse(edited[0] ?? '')).toEqual(args);
    await type('\r');
    await waitFor(() => expect(answers).toEqual([{ kind: 'modify', args: { ...args, new_string: 'y = 42' } }]));
  });

  it('says why edited arguments are refused, and Esc goes back to the choices', async () => {
    const { answers, frame, type } = start();
    await type('4', '\u007f', '\r');
    await waitFor(() => expect(frame()).toMatch(/JSON|Expected|Unexpected/));
    await type('\u001B');
    await waitFor(() => expect(frame()).toContain('1 Yes, once'));
    expect(answers).toEqual([]);
  });

  it('lists an MCP call by server, tool and arguments, and a fetch by its URL', async () => {
    const mcp = start({ callId: 'm1', view: { type: 'mcp', server: 'github', tool: 'create_issue', args: { title: 'Bug' } } });
    await waitFor(() => expect(mcp.frame()).toContain('MCP server: github'));
    expect(mcp.frame()).toContain('Tool: create_issue');
    expect(mcp.frame()).toContain('"title": "Bug"');
    cleanup();
    const fetch = start({ callId: 'f1', view: { type: 'fetch', urls: ['https://example.com/docs'] } });
    await waitFor(() => expect(fetch.frame()).toContain('https://example.com/docs'));
  });
});
