import { existsSync } from 'node:fs';
import { tempWorkspace, type TempWorkspace } from '@alfred/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PolicyEngine } from '../policy-engine.js';
import type { ApprovalMode, PolicyResult } from '../types.js';
import { renderCommandForConfirmation } from './render-command.js';

let ws: TempWorkspace;
let engine: PolicyEngine;
let headless: PolicyEngine;

beforeEach(async () => {
  ws = await tempWorkspace();
  const base = {
    workspaceRoot: ws.root,
    userHome: `${ws.alfredHome}/..`,
    alfredHome: ws.alfredHome,
    workspaceTrusted: true,
    policyDirs: { admin: ws.path('no-admin') },
  };
  engine = await PolicyEngine.create({ ...base, interactive: true });
  headless = await PolicyEngine.create({ ...base, interactive: false });
});
afterEach(() => ws.dispose());

/** Decides a shell command and checks that deciding ran nothing: the marker file does not exist. */
async function decide(command: string, mode: ApprovalMode = 'default', on = engine): Promise<PolicyResult> {
  const result = await on.check({ toolName: 'shell', kind: 'execute', args: { command }, command, approvalMode: mode });
  expect(existsSync(ws.path('pwned'))).toBe(false);
  return result;
}

function subCommands(result: PolicyResult): string[] {
  return result.shell?.subCommands.map((sub) => sub.text) ?? [];
}

describe('shell analysis', () => {
  it('allows a read-only command and asks for one that writes', async () => {
    expect((await decide('git status')).decision).toBe('allow');
    expect((await decide('touch pwned')).decision).toBe('ask_user');
  });

  it('checks every command of a chain, whatever the operator', async () => {
    for (const command of ['ls; touch pwned', 'ls && touch pwned', 'false || touch pwned', 'touch pwned & ls', 'ls\ntouch pwned']) {
      const result = await decide(command);
      expect(result.decision, command).toBe('ask_user');
      expect(subCommands(result), command).toContain('touch pwned');
    }
  });

  it('checks every stage of a pipeline', async () => {
    const result = await decide('cat README.md | tee pwned | wc -l');
    expect(result.decision).toBe('ask_user');
    expect(subCommands(result)).toEqual(['cat README.md', 'tee pwned', 'wc -l']);
  });

  it('finds commands inside every form of substitution', async () => {
    const forms = [
      'echo $(touch pwned)',
      'echo `touch pwned`',
      'cat <(touch pwned)',
      'ls > >(touch pwned)',
      'echo "$(touch pwned)"',
      '(touch pwned)',
      '{ touch pwned; }',
      'echo ${x:-$(touch pwned)}',
      'for f in $(touch pwned); do echo $f; done',
      'cat <<EOF\n$(touch pwned)\nEOF',
      '[[ -n $(touch pwned) ]]',
    ];
    for (const command of forms) {
      const result = await decide(command);
      expect(result.decision, command).toBe('ask_user');
      expect(subCommands(result), command).toContain('touch pwned');
    }
  });

  it('finds a substitution hidden in an arithmetic expansion', async () => {
    for (const command of ['echo $(( a[$(touch pwned)] ))', '(( x = $(touch pwned) ))']) {
      const result = await decide(command);
      expect(result.decision, command).toBe('ask_user');
      expect(subCommands(result), command).toContain('touch pwned');
    }
  });

  it('treats a quoted here-document body as text', async () => {
    const result = await decide("cat <<'EOF'\n$(touch pwned)\nEOF");
    expect(result.decision).toBe('allow');
  });

  it('is not fooled by quotes that close and reopen', async () => {
    const inside = await decide(`echo 'a'\\''; touch pwned'`);
    expect(subCommands(inside)).toEqual(["echo a'; touch pwned"]);
    expect(inside.decision).toBe('allow');
    const outside = await decide(`echo "a"'b'; touch pwned`);
    expect(outside.decision).toBe('ask_user');
    expect(subCommands(outside)).toContain('touch pwned');
    const escaped = await decide('t\\ouch pwned');
    expect(subCommands(escaped)).toEqual(['touch pwned']);
  });

  it('asks for a redirection and says when its target is outside the workspace', async () => {
    const inside = await decide('echo hi > notes.txt');
    expect(inside.decision).toBe('ask_user');
    expect(inside.reason).toContain('inside the workspace');
    const outside = await decide('echo hi > /tmp/alfred-elsewhere.txt');
    expect(outside.decision).toBe('ask_user');
    expect(outside.reason).toContain('OUTSIDE the workspace');
    expect((await decide('ls 2>&1 >/dev/null')).decision).toBe('ask_user');
    expect((await decide('ls 2>&1')).decision).toBe('allow');
  });

  it('asks for writes to .git, .alfred and shell start-up files even in yolo mode', async () => {
    for (const command of ['echo x > .git/hooks/pre-commit', 'echo x >> ~/.bashrc', 'rm -rf .alfred', 'cp evil .git/config']) {
      expect((await decide(command, 'yolo')).decision, command).toBe('ask_user');
    }
    expect((await decide('touch pwned-later', 'yolo')).decision).toBe('allow');
  });

  it('judges every command of a very long chain, with no cap', async () => {
    const command = `${Array.from({ length: 500 }, () => 'ls').join(' && ')} && touch pwned`;
    const result = await decide(command);
    expect(result.decision).toBe('ask_user');
    expect(subCommands(result)).toHaveLength(501);
  });

  it('handles whitespace padding and shows control characters in the dialog text', async () => {
    const padded = await decide(`ls${' '.repeat(200)}; touch pwned`);
    expect(padded.decision).toBe('ask_user');
    const carriage = await decide('ls \r touch pwned');
    expect(carriage.decision).toBe('ask_user');
    expect(carriage.reason).toContain('control character');
    const rendered = renderCommandForConfirmation('ls\u202e\u200b \x1b[2J    ;touch pwned', carriage.shell);
    expect(rendered.text).toBe('ls⟨U+202E⟩⟨U+200B⟩ ⟨ESC⟩[2J⟨4 spaces⟩;touch pwned');
    expect(rendered.hadHiddenCharacters).toBe(true);
    expect(rendered.subCommands[0]).toContain('ls');
  });

  it('unwraps wrappers to judge the command inside', async () => {
    const wrapped = [
      "bash -c 'touch pwned'",
      "sh -lc 'ls; touch pwned'",
      'env FOO=1 touch pwned',
      'command touch pwned',
      'nice -n 5 touch pwned',
      'timeout -s KILL 5 touch pwned',
      'sudo -u root touch pwned',
      'echo pwned | xargs -n1 touch',
      'find . -name x -exec touch pwned \\;',
      "eval 'touch pwned'",
      "bash -c \"sh -c 'touch pwned'\"",
    ];
    for (const command of wrapped) {
      const result = await decide(command);
      expect(result.decision, command).toBe('ask_user');
      expect(subCommands(result).some((text) => text.startsWith('touch')), command).toBe(true);
    }
    expect((await decide("bash -c 'git status'")).decision).toBe('allow');
    expect((await decide('timeout 5 git log')).decision).toBe('allow');
  });

  it('knows the flags that make read-only commands write or run programs', async () => {
    const dangerous = [
      'rg --pre ./pwned foo',
      'rg --pre=./pwned foo',
      'git -c core.pager=./pwned log',
      'sort -o pwned input.txt',
      'sort -ro pwned input.txt',
      'find . -delete',
      "sed -i 's/a/b/' file.txt",
      "sed 's/a/b/w pwned' file.txt",
      'git branch pwned',
      'tree -o pwned',
    ];
    for (const command of dangerous) expect((await decide(command)).decision, command).toBe('ask_user');
    const safe = ['rg foo src', 'git log --oneline -5', 'sort input.txt', 'find . -name "*.ts"', "sed -n '1,20p' file.txt", 'git branch -a'];
    for (const command of safe) expect((await decide(command)).decision, command).toBe('allow');
  });

  it('does not treat an argument only known at run time as harmless for commands with dangerous flags', async () => {
    expect((await decide('rg foo $FLAGS')).decision).toBe('ask_user');
    expect((await decide('rg foo *')).decision).toBe('ask_user');
    expect((await decide('cat *')).decision).toBe('allow');
    expect((await decide('$CMD status')).decision).toBe('ask_user');
  });

  it('asks for unparsable input when interactive and denies it when headless', async () => {
    for (const command of ['echo "unterminated', 'ls )(', 'if then fi']) {
      const asked = await decide(command);
      expect(asked.decision, command).toBe('ask_user');
      expect(asked.reason, command).toContain('could not be fully analysed');
      expect((await decide(command, 'default', headless)).decision, command).toBe('deny');
    }
    expect((await decide('echo "unterminated', 'yolo')).decision).toBe('ask_user');
  });
});
