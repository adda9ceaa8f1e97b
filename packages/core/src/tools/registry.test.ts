import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import { FileDiscoveryService } from '../workspace/file-discovery.js';
import { WorkspaceContext } from '../workspace/workspace-context.js';
import { createDefaultToolRegistry } from './builtin/create-builtin-tools.js';
import { TodoStore } from './builtin/todo-write.js';
import { isReadOnlyKind, Kind } from './kind.js';

async function setup() {
  const ws = await tempWorkspace({ files: { 'a.txt': 'hello\n' } });
  const workspace = await WorkspaceContext.create([ws.root]);
  const registry = createDefaultToolRegistry({
    workspace,
    files: new FileDiscoveryService({ workspace }),
    alfredPaths: resolveAlfredPaths(ws.env()),
    todos: new TodoStore(),
    skills: { list: () => Promise.resolve([]), load: () => Promise.resolve(undefined) },
  });
  return { ws, registry };
}

describe('ToolRegistry', () => {
  it('declares the built-in tools with JSON Schema parameters', async () => {
    const { ws, registry } = await setup();
    await using _ = ws;
    const names = registry.getDeclarations().map((declaration) => declaration.name);
    expect(names).toEqual(['read_file', 'read_many_files', 'write_file', 'edit', 'glob', 'grep', 'ls', 'shell', 'web_fetch', 'save_memory', 'todo_write', 'load_skill']);
    const read = registry.getDeclarations().find((declaration) => declaration.name === 'read_file');
    expect(read?.parameters).toMatchObject({ type: 'object', required: ['path'], properties: { offset: { type: 'integer', minimum: 1 } } });
    expect(read?.parameters).not.toHaveProperty('$schema');
  });

  it('builds a call, and refuses unknown, disabled and non-allowlisted tools with a reason', async () => {
    const { ws, registry } = await setup();
    await using _ = ws;
    const built = registry.build('read_file', { path: 'a.txt' });
    expect(built.ok).toBe(true);
    if (built.ok) expect((await built.invocation.execute(new AbortController().signal)).llmContent).toBe('hello');
    expect(registry.build('rm_rf', {})).toMatchObject({ ok: false, error: expect.stringContaining('does not exist') });
    registry.setEnabled('shell', false);
    expect(registry.getDeclarations().map((declaration) => declaration.name)).not.toContain('shell');
    expect(registry.build('shell', { command: 'ls' })).toMatchObject({ ok: false, error: expect.stringContaining('disabled') });
    const agent = registry.withAllowlist(['read_file', 'gl*']);
    expect(agent.getDeclarations().map((declaration) => declaration.name)).toEqual(['read_file', 'glob']);
    expect(agent.build('edit', {})).toMatchObject({ ok: false, error: expect.stringContaining('not available to this agent') });
  });

  it('marks only reading kinds as read-only', () => {
    expect(isReadOnlyKind(Kind.Read)).toBe(true);
    expect(isReadOnlyKind(Kind.Search)).toBe(true);
    expect(isReadOnlyKind(Kind.Edit)).toBe(false);
    expect(isReadOnlyKind(Kind.Execute)).toBe(false);
    expect(isReadOnlyKind(Kind.Mcp)).toBe(false);
  });
});
