import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tempWorkspace, type TempWorkspace } from '@alfred/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PolicyEngine, type PolicyEngineOptions } from './policy-engine.js';
import { parseRuleLine } from './rule-syntax.js';
import { APPROVAL_MODES, TOOL_KINDS, type ApprovalMode, type PolicyDecision, type PolicyLayer, type PolicyRule, type ToolKind } from './types.js';

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.dispose());

function engine(options: Partial<PolicyEngineOptions> = {}): Promise<PolicyEngine> {
  return PolicyEngine.create({
    workspaceRoot: ws.root,
    userHome: path.dirname(ws.alfredHome),
    alfredHome: ws.alfredHome,
    interactive: true,
    workspaceTrusted: true,
    policyDirs: { admin: ws.path('../admin-policies') },
    ...options,
  });
}

const shell = (command: string, approvalMode: ApprovalMode = 'default') =>
  ({ toolName: 'shell', kind: 'execute', args: { command }, command, approvalMode }) as const;

describe('precedence', () => {
  const rule = (decision: PolicyDecision): PolicyRule => parseRuleLine('shell(git push *)', decision);
  // [admin, runtime, user, workspace] → expected; '-' means no rule in that layer.
  const table: Array<[Array<PolicyDecision | '-'>, PolicyDecision]> = [
    [['-', '-', '-', '-'], 'ask_user'],
    [['allow', '-', 'deny', 'deny'], 'allow'],
    [['deny', 'allow', 'allow', '-'], 'deny'],
    [['-', 'allow', 'deny', '-'], 'allow'],
    [['-', '-', 'allow', 'deny'], 'allow'],
    [['-', '-', 'ask_user', 'allow'], 'ask_user'],
    [['-', '-', '-', 'allow'], 'ask_user'],
    [['-', '-', '-', 'deny'], 'deny'],
    [['-', '-', '-', 'ask_user'], 'ask_user'],
  ];
  for (const [layers, expected] of table) {
    it(`admin/runtime/user/workspace = ${layers.join('/')} → ${expected}`, async () => {
      const names: PolicyLayer[] = ['admin', 'runtime', 'user', 'workspace'];
      const rules = Object.fromEntries(names.map((layer, index) => [layer, layers[index] === '-' ? [] : [rule(layers[index] as PolicyDecision)]]));
      const result = await (await engine({ rules })).check(shell('git push origin main'));
      expect(result.decision).toBe(expected);
    });
  }

  it('inside a layer deny beats ask beats allow, whatever the priority', async () => {
    const user = [
      { ...parseRuleLine('shell(git *)', 'allow'), priority: 100 },
      parseRuleLine('shell(git push *)', 'ask_user'),
      { ...parseRuleLine('shell(git push --force *)', 'deny'), priority: -5, denyMessage: 'Never force-push.' },
    ];
    const policy = await engine({ rules: { user } });
    expect((await policy.check(shell('git fetch'))).decision).toBe('allow');
    expect((await policy.check(shell('git push origin'))).decision).toBe('ask_user');
    const forced = await policy.check(shell('git push --force origin'));
    expect(forced).toMatchObject({ decision: 'deny', reason: 'Never force-push.' });
  });

  it('ignores workspace rules in an untrusted folder', async () => {
    const workspace = [parseRuleLine('shell(ls *)', 'deny')];
    expect((await (await engine({ rules: { workspace }, workspaceTrusted: false })).check(shell('ls -la'))).decision).toBe('allow');
    expect((await (await engine({ rules: { workspace } })).check(shell('ls -la'))).decision).toBe('deny');
  });

  it('needs every sub-command allowed by a rule', async () => {
    const policy = await engine({ rules: { runtime: [parseRuleLine('shell(npm run test *)', 'allow')] } });
    expect((await policy.check(shell('npm run test -- --watch=false'))).decision).toBe('allow');
    expect((await policy.check(shell('npm run test && npm publish'))).decision).toBe('ask_user');
    expect((await policy.check(shell('npm run testx'))).decision).toBe('ask_user');
  });
});

describe('approval modes against tool kinds', () => {
  const expected: Record<ApprovalMode, Record<ToolKind, PolicyDecision>> = {
    default: { read: 'allow', edit: 'ask_user', delete: 'ask_user', move: 'ask_user', search: 'allow', execute: 'ask_user', fetch: 'ask_user', think: 'allow', memory: 'ask_user', mcp: 'ask_user', other: 'ask_user' },
    auto_edit: { read: 'allow', edit: 'allow', delete: 'ask_user', move: 'allow', search: 'allow', execute: 'ask_user', fetch: 'ask_user', think: 'allow', memory: 'ask_user', mcp: 'ask_user', other: 'ask_user' },
    yolo: { read: 'allow', edit: 'allow', delete: 'allow', move: 'allow', search: 'allow', execute: 'allow', fetch: 'allow', think: 'allow', memory: 'allow', mcp: 'allow', other: 'allow' },
    plan: { read: 'allow', edit: 'deny', delete: 'deny', move: 'deny', search: 'allow', execute: 'deny', fetch: 'ask_user', think: 'allow', memory: 'deny', mcp: 'deny', other: 'deny' },
  };
  for (const mode of APPROVAL_MODES) {
    it(`${mode} mode`, async () => {
      const policy = await engine();
      for (const kind of TOOL_KINDS) {
        const input = kind === 'execute' ? shell('npm install', mode) : { toolName: `a_${kind}_tool`, kind, args: {}, paths: [ws.path('src/a.ts')], approvalMode: mode };
        expect((await policy.check(input)).decision, `${mode} × ${kind}`).toBe(expected[mode][kind]);
      }
    });
  }

  it('explains a plan-mode refusal so the model changes course, even against an allow rule', async () => {
    const policy = await engine({ rules: { user: [parseRuleLine('edit', 'allow')] } });
    const result = await policy.check({ toolName: 'write_file', kind: 'edit', args: {}, paths: [ws.path('a.ts')], approvalMode: 'plan' });
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/plan mode.*not run.*present your plan/s);
    expect((await policy.check(shell('git status', 'plan'))).decision).toBe('allow');
  });

  it('behaves as default when system settings forbid yolo', async () => {
    const policy = await engine({ yoloAllowed: false });
    expect((await policy.check(shell('npm install', 'yolo'))).decision).toBe('ask_user');
  });

  it('always asks before writing .git, .alfred or alfred home, in every mode but plan', async () => {
    const policy = await engine({ rules: { user: [parseRuleLine('edit', 'allow')] } });
    for (const target of [ws.path('.git/config'), ws.path('.alfred/settings.json'), path.join(ws.alfredHome, 'settings.json'), path.join(path.dirname(ws.alfredHome), '.zshrc')]) {
      for (const mode of ['default', 'auto_edit', 'yolo'] as const) {
        const result = await policy.check({ toolName: 'edit', kind: 'edit', args: {}, paths: [target], approvalMode: mode });
        expect(result.decision, `${mode} ${target}`).toBe('ask_user');
      }
    }
  });

  it('turns every question into a denial in headless mode', async () => {
    const result = await (await engine({ interactive: false })).check(shell('npm install'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/headless/);
  });
});

describe('rules for tools and paths', () => {
  it('matches one-line rules by kind and path glob, MCP tool globs and tool names', async () => {
    const policy = await engine({
      rules: { runtime: [parseRuleLine('edit(src/**)', 'allow'), parseRuleLine('github__*', 'allow'), parseRuleLine('web_fetch', 'deny')] },
    });
    const edit = (file: string) => policy.check({ toolName: 'edit', kind: 'edit', args: {}, paths: [ws.path(file)], approvalMode: 'default' });
    expect((await edit('src/deep/a.ts')).decision).toBe('allow');
    expect((await edit('test/a.ts')).decision).toBe('ask_user');
    expect((await policy.check({ toolName: 'github__create_issue', kind: 'mcp', args: {}, serverName: 'github', approvalMode: 'default' })).decision).toBe('allow');
    expect((await policy.check({ toolName: 'web_fetch', kind: 'fetch', args: {}, approvalMode: 'default' })).decision).toBe('deny');
  });

  it('hides a tool only when a deny covers all of its calls', async () => {
    const policy = await engine({
      rules: { admin: [parseRuleLine('shell(git status)', 'allow')], user: [parseRuleLine('web_fetch', 'deny'), parseRuleLine('shell', 'deny'), parseRuleLine('shell(rm *)', 'deny')] },
    });
    expect(policy.isToolHidden('web_fetch')).toBe(true);
    expect(policy.isToolHidden('read_file', { kind: 'read' })).toBe(false);
    expect(policy.isToolHidden('shell', { kind: 'execute' })).toBe(false);
    const plain = await engine({ rules: { user: [parseRuleLine('shell', 'deny')] } });
    expect(plain.isToolHidden('shell', { kind: 'execute' })).toBe(true);
  });

  it('rejects a malformed one-line rule with a specific message', () => {
    expect(() => parseRuleLine('shell(', 'allow')).toThrow(/Invalid policy rule "shell\("/);
    expect(() => parseRuleLine('web_fetch(x)', 'allow')).toThrow(/only shell\(\.\.\.\)/);
    expect(() => parseRuleLine('shell()', 'allow')).toThrow(/empty parentheses/);
  });
});

describe('policy files', () => {
  it('loads TOML rules and drops a rule whose examples fail, saying why', async () => {
    const userDir = path.join(ws.alfredHome, 'policies');
    await ws.write({
      '../home/.alfred/policies/git.toml': [
        '[[rule]]', 'tool = "shell"', 'command = "git push *"', 'decision = "deny"', 'match = ["git push origin main"]', 'not_match = ["git pull"]',
        '[[rule]]', 'tool = "shell"', 'command = "npm *"', 'decision = "allow"', 'match = ["yarn install"]',
        '[[rule]]', 'tool = "shell"', 'decison = "allow"',
      ].join('\n'),
    });
    const policy = await engine({ policyDirs: { admin: ws.path('../none'), user: userDir } });
    expect((await policy.check(shell('git push origin main'))).decision).toBe('deny');
    expect((await policy.check(shell('npm install'))).decision).toBe('ask_user');
    expect(policy.loadErrors).toEqual([
      expect.stringMatching(/git\.toml: rule 2: example "yarn install" in `match` is not matched; the rule is not used/),
      expect.stringMatching(/git\.toml: rule 3: .*decison/),
    ]);
  });

  it('admin files beat user files', async () => {
    await ws.write({
      '../admin/p.toml': '[[rule]]\ntool = "web_fetch"\ndecision = "deny"\nmessage = "Fetching is disabled by your administrator."',
      '../home/.alfred/policies/p.toml': '[[rule]]\ntool = "web_fetch"\ndecision = "allow"',
    });
    const policy = await engine({ policyDirs: { admin: ws.path('../admin') } });
    const result = await policy.check({ toolName: 'web_fetch', kind: 'fetch', args: {}, approvalMode: 'default' });
    expect(result).toMatchObject({ decision: 'deny', reason: 'Fetching is disabled by your administrator.' });
  });

  it('remembers "always allow" for the session, or saves it to the user policy scoped to the workspace', async () => {
    const policy = await engine();
    const call = shell('npm run build && git status');
    expect(policy.rulesForApproval(call)).toEqual([expect.objectContaining({ commandPrefix: 'npm run build' })]);
    await policy.rememberApproval(call, 'session');
    expect((await policy.check(call)).decision).toBe('allow');

    const saved = shell('npm publish');
    await policy.rememberApproval(saved, 'save');
    const text = await readFile(path.join(ws.alfredHome, 'policies', 'saved-approvals.toml'), 'utf8');
    expect(text).toContain('command = "npm publish"');
    expect(text).toContain(`workspace = "${ws.root}"`);
    const nextRun = await engine();
    expect((await nextRun.check(saved)).decision).toBe('allow');
    expect(policy.rulesForApproval(shell('git commit -m "two words"'))).toEqual([]);
  });
});
