import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { tempWorkspace, type FileTree } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { FileDiscoveryService } from '../../workspace/file-discovery.js';
import { WorkspaceContext } from '../../workspace/workspace-context.js';
import type { DeclarativeTool } from '../declarative-tool.js';
import { EditTool } from './edit.js';
import { WriteFileTool } from './write-file.js';

async function setup(files: FileTree) {
  const ws = await tempWorkspace({ files });
  const workspace = await WorkspaceContext.create([ws.root]);
  const context = { workspace, files: new FileDiscoveryService({ workspace }) };
  const invoke = (tool: DeclarativeTool, args: unknown) => {
    const built = tool.build(args);
    if (!built.ok) throw new Error(built.error);
    return built.invocation;
  };
  return { ws, write: new WriteFileTool(context), edit: new EditTool(context), invoke };
}
const signal = new AbortController().signal;

describe('write_file', () => {
  it('creates folders, offers a diff, and keeps an existing file’s CRLF endings and UTF-16 BOM', async () => {
    const original = iconv.encode('one\r\ntwo\r\n', 'utf16le', { addBOM: true });
    const { ws, write, invoke } = await setup({ 'win.txt': original });
    await using _ = ws;
    const invocation = invoke(write, { path: 'win.txt', content: 'one\nthree\n' });
    const confirmation = await invocation.shouldConfirmExecute(signal);
    expect(confirmation).toMatchObject({ type: 'edit', newContent: 'one\nthree\n' });
    if (confirmation && confirmation.type === 'edit') expect(confirmation.diff).toContain('-two\n+three');
    expect((await invocation.execute(signal)).error).toBeUndefined();
    expect((await readFile(ws.path('win.txt'))).equals(iconv.encode('one\r\nthree\r\n', 'utf16le', { addBOM: true }))).toBe(true);

    await invoke(write, { path: 'deep/new/dir/file.ts', content: 'x' }).execute(signal);
    expect(await readFile(ws.path('deep/new/dir/file.ts'), 'utf8')).toBe('x');
  });

  it('refuses to write through a symlink to a not-yet-existing file outside the workspace', async () => {
    const { ws, write, invoke } = await setup({});
    await using _ = ws;
    const target = path.join(path.dirname(ws.alfredHome), 'planted.txt');
    await ws.write({ 'innocent.txt': { symlink: target } });
    const result = await invoke(write, { path: 'innocent.txt', content: 'pwned' }).execute(signal);
    expect(result.error?.type).toBe('path_not_in_workspace');
    await expect(stat(target)).rejects.toThrow();
    const sibling = await invoke(write, { path: `${ws.root}-evil/x.txt`, content: 'x' }).execute(signal);
    expect(sibling.error?.type).toBe('path_not_in_workspace');
  });
});

describe('edit', () => {
  it('replaces a unique exact match and shows the diff', async () => {
    const { ws, edit, invoke } = await setup({ 'a.ts': 'const a = 1;\nconst b = 2;\n' });
    await using _ = ws;
    const result = await invoke(edit, { path: 'a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' }).execute(signal);
    expect(result.llmContent).toContain('Replaced 1 occurrence');
    expect(result.display).toMatchObject({ type: 'diff', diff: expect.stringContaining('+const b = 3;') });
    expect(await readFile(ws.path('a.ts'), 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('refuses an edit whose old_string matches twice and says how to disambiguate', async () => {
    const { ws, edit, invoke } = await setup({ 'a.ts': 'x = 1\ny = 2\nx = 1\n' });
    await using _ = ws;
    const result = await invoke(edit, { path: 'a.ts', old_string: 'x = 1', new_string: 'x = 9' }).execute(signal);
    expect(result.error?.type).toBe('edit_ambiguous');
    expect(result.error?.message).toContain('matches 2 times');
    expect(result.error?.message).toContain('line(s) 1, 3');
    const all = await invoke(edit, { path: 'a.ts', old_string: 'x = 1', new_string: 'x = 9', expected_replacements: 2 }).execute(signal);
    expect(all.error).toBeUndefined();
    expect(await readFile(ws.path('a.ts'), 'utf8')).toBe('x = 9\ny = 2\nx = 9\n');
  });

  it('shows the closest lines when nothing matches', async () => {
    const { ws, edit, invoke } = await setup({ 'a.ts': 'function greet(name) {\n  return name;\n}\n' });
    await using _ = ws;
    const result = await invoke(edit, { path: 'a.ts', old_string: 'function greet(person) {', new_string: 'x' }).execute(signal);
    expect(result.error?.type).toBe('edit_no_match');
    expect(result.error?.message).toContain('1: function greet(name) {');
  });

  it('retries with whitespace ignored only when that match is unique', async () => {
    const { ws, edit, invoke } = await setup({ 'a.py': 'def f():\n\treturn 1\n', 'b.py': 'a  b\na b\n' });
    await using _ = ws;
    const fixed = await invoke(edit, { path: 'a.py', old_string: 'def f():\n    return 1', new_string: 'def f():\n\treturn 2' }).execute(signal);
    expect(fixed.llmContent).toContain('whitespace differences ignored');
    expect(await readFile(ws.path('a.py'), 'utf8')).toBe('def f():\n\treturn 2\n');
    const ambiguous = await invoke(edit, { path: 'b.py', old_string: 'a   b', new_string: 'c' }).execute(signal);
    expect(ambiguous.error?.type).toBe('edit_ambiguous');
  });

  it('applies the content the user modified in the confirmation instead of the proposal', async () => {
    const { ws, edit, invoke } = await setup({ 'a.txt': 'old\n' });
    await using _ = ws;
    const invocation = invoke(edit, { path: 'a.txt', old_string: 'old', new_string: 'new' });
    invocation.applyModifiedContent?.('user version\n');
    await invocation.execute(signal);
    expect(await readFile(ws.path('a.txt'), 'utf8')).toBe('user version\n');
  });

  it('refuses a no-op edit at validation and a missing file with a hint', async () => {
    const { ws, edit, invoke } = await setup({});
    await using _ = ws;
    expect(edit.build({ path: 'a', old_string: 'x', new_string: 'x' })).toMatchObject({ ok: false });
    const missing = await invoke(edit, { path: 'nope.txt', old_string: 'x', new_string: 'y' }).execute(signal);
    expect(missing.error?.message).toContain('To create it, use an empty old_string');
  });
});
