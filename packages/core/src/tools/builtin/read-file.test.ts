import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { tempWorkspace, type FileTree } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { FileDiscoveryService } from '../../workspace/file-discovery.js';
import { WorkspaceContext } from '../../workspace/workspace-context.js';
import type { ToolResult } from '../tool-result.js';
import { ReadFileTool } from './read-file.js';

async function setup(files: FileTree) {
  const ws = await tempWorkspace({ files });
  const workspace = await WorkspaceContext.create([ws.root]);
  const tool = new ReadFileTool({ workspace, files: new FileDiscoveryService({ workspace }) });
  const run = async (args: unknown): Promise<ToolResult> => {
    const built = tool.build(args);
    if (!built.ok) throw new Error(built.error);
    return built.invocation.execute(new AbortController().signal);
  };
  return { ws, tool, run };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('read_file', () => {
  it('reads a line range and says how to read the rest', async () => {
    const lines = Array.from({ length: 3000 }, (_, index) => `line ${index + 1}`).join('\n');
    const { ws, run } = await setup({ 'big.txt': lines });
    await using _ = ws;
    const first = await run({ path: 'big.txt' });
    expect(first.llmContent).toContain('[Showing lines 1-2000 of 3000. To read more, call read_file with offset=2001.]');
    const rest = await run({ path: 'big.txt', offset: 2990, limit: 5 });
    expect(rest.llmContent).toContain('line 2990\nline 2991');
    expect(rest.llmContent).not.toContain('line 2995');
    const past = await run({ path: 'big.txt', offset: 4000 });
    expect(past.error?.message).toContain('has 3000 lines');
  });

  it('names the parameter when the arguments are wrong', async () => {
    const { ws, tool } = await setup({});
    await using _ = ws;
    expect(tool.build({ path: 'a', offset: 0 })).toMatchObject({ ok: false, error: expect.stringContaining('`offset`') });
    expect(tool.build({})).toMatchObject({ ok: false, error: expect.stringContaining('`path` is required') });
    expect(tool.build({ path: 'a', file_path: 'b' })).toMatchObject({ ok: false, error: expect.stringContaining('`file_path`') });
  });

  it('cuts a 10 MB single-line file to a marked line instead of returning it whole', async () => {
    const { ws, run } = await setup({ 'one-line.min.js': 'x'.repeat(10 * 1024 * 1024) });
    await using _ = ws;
    const result = await run({ path: 'one-line.min.js' });
    expect(typeof result.llmContent === 'string' && result.llmContent.length).toBeLessThan(3000);
    expect(result.llmContent).toContain('[line cut: 10485760 characters in total]');
  });

  it('decodes UTF-16 with a BOM', async () => {
    const { ws, run } = await setup({ 'wide.txt': iconv.encode('grüße\nzwei\n', 'utf16le', { addBOM: true }) });
    await using _ = ws;
    expect((await run({ path: 'wide.txt' })).llmContent).toBe('grüße\nzwei');
  });

  it('refuses binary files with their type and returns images as media', async () => {
    const { ws, run } = await setup({ 'a.zip': Buffer.from('504b0304000000', 'hex'), 'blob.bin': Buffer.from([1, 0, 2, 0, 0, 3]), 'pic.png': PNG });
    await using _ = ws;
    expect((await run({ path: 'a.zip' })).error).toMatchObject({ type: 'binary_file', message: expect.stringContaining('application/zip') });
    expect((await run({ path: 'blob.bin' })).error?.type).toBe('binary_file');
    const image = await run({ path: 'pic.png' });
    expect(image.llmContent).toContainEqual({ type: 'media', mimeType: 'image/png', data: PNG.toString('base64'), encoding: 'base64' });
  });

  it('refuses files over 20 MB and paths outside the workspace, through symlinks too', async () => {
    const { ws, run } = await setup({ 'huge.log': Buffer.alloc(21 * 1024 * 1024, 0x61) });
    await using _ = ws;
    expect((await run({ path: 'huge.log' })).error?.type).toBe('file_too_large');
    await ws.write({ 'passwd-link': { symlink: '/etc/passwd' } });
    const viaLink = await run({ path: 'passwd-link' });
    expect(viaLink.error?.type).toBe('path_not_in_workspace');
    expect(await readFile('/etc/passwd', 'utf8')).not.toBe('');
    expect((await run({ path: '/etc/hostname' })).error?.type).toBe('path_not_in_workspace');
    expect((await run({ path: 'missing.txt' })).error?.type).toBe('file_not_found');
  });
});
