import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempWorkspace } from '@alfred/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAlfredPaths } from '../../workspace/alfred-home.js';
import { FileDiscoveryService } from '../../workspace/file-discovery.js';
import { WorkspaceContext } from '../../workspace/workspace-context.js';
import type { DeclarativeTool } from '../declarative-tool.js';
import { LoadSkillTool } from './load-skill.js';
import { ReadManyFilesTool } from './read-many-files.js';
import { SaveMemoryTool } from './save-memory.js';
import { TodoStore, TodoWriteTool } from './todo-write.js';
import { WebFetchTool } from './web-fetch.js';

const signal = new AbortController().signal;
async function run(tool: DeclarativeTool, args: unknown) {
  const built = tool.build(args);
  if (!built.ok) throw new Error(built.error);
  return built.invocation.execute(signal);
}

describe('web_fetch against a local server', () => {
  let server: Server;
  let base: string;
  const hostsSeen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      hostsSeen.push(request.headers.host ?? '');
      if (request.url === '/page') {
        response.setHeader('content-type', 'text/html');
        response.end('<html><head><script>evil()</script></head><body><h1>Title</h1><p>Some <b>bold</b> text.</p></body></html>');
      } else if (request.url?.startsWith('/loop')) {
        response.writeHead(302, { location: `/loop${Number(request.url.slice(5) || 0) + 1}` }).end();
      } else if (request.url?.startsWith('/to?')) {
        response.writeHead(302, { location: request.url.slice(4) }).end();
      } else if (request.url === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      } else if (request.url === '/big') {
        response.setHeader('content-type', 'text/plain');
        response.end('y'.repeat(50_000));
      } else if (request.url === '/image') {
        response.setHeader('content-type', 'image/png');
        response.end(Buffer.alloc(10));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('converts HTML to markdown without scripts', async () => {
    const result = await run(new WebFetchTool(), { url: `${base}/page` });
    expect(result.llmContent).toContain('# Title');
    expect(result.llmContent).toContain('Some **bold** text.');
    expect(result.llmContent).not.toContain('evil');
  });

  it('refuses link-local and cloud metadata addresses, also when a redirect leads there', async () => {
    const tool = new WebFetchTool();
    const direct = await run(tool, { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(direct.error).toMatchObject({ type: 'fetch_refused', message: expect.stringContaining('link-local or cloud metadata address') });
    expect((await run(tool, { url: 'http://[::ffff:169.254.169.254]/' })).error?.type).toBe('fetch_refused');
    expect((await run(tool, { url: 'http://metadata.google.internal/computeMetadata/v1/' })).error?.type).toBe('fetch_refused');
    const redirected = await run(tool, { url: `${base}/to-metadata` });
    expect(redirected.error).toMatchObject({ type: 'fetch_refused', message: expect.stringContaining('169.254.169.254') });
  });

  it('reaches loopback by default and refuses it when private networks are refused', async () => {
    expect((await run(new WebFetchTool(), { url: `${base}/page` })).error).toBeUndefined();
    const strict = await run(new WebFetchTool({ refusePrivateNetworks: true }), { url: `${base}/page` });
    expect(strict.error).toMatchObject({ type: 'fetch_refused', message: expect.stringContaining('loopback or private network') });
  });

  it('connects to the address it checked, on every hop, even when the name answers differently later', async () => {
    // DNS rebinding: each name first answers with the local server (allowed), then with the metadata address.
    const answers: string[] = [];
    const resolveHost = (hostname: string) => {
      const first = !answers.includes(hostname);
      answers.push(hostname);
      return Promise.resolve([{ address: first ? '127.0.0.1' : '169.254.169.254', family: 4 as const }]);
    };
    const port = new URL(base).port;
    const tool = new WebFetchTool({ resolveHost, timeoutMs: 5_000 });
    const result = await run(tool, { url: `http://first.rebind.test:${port}/to?http://second.rebind.test:${port}/page` });
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toContain(`Content of http://second.rebind.test:${port}/page`);
    expect(result.llmContent).toContain('# Title');
    expect(answers).toEqual(['first.rebind.test', 'second.rebind.test']);
    expect(hostsSeen.slice(-2)).toEqual([`first.rebind.test:${port}`, `second.rebind.test:${port}`]);
  });

  it('limits redirects, caps size, and refuses non-text and bad URLs', async () => {
    const tool = new WebFetchTool({ maxRedirects: 3, maxBytes: 1000 });
    expect((await run(tool, { url: `${base}/loop` })).error?.message).toContain('more than 3 redirects');
    expect((await run(tool, { url: `${base}/big` })).llmContent).toContain('[Content cut at 1000 characters');
    expect((await run(tool, { url: `${base}/image` })).error?.message).toContain('image/png');
    expect((await run(tool, { url: `${base}/missing` })).error?.message).toContain('404');
    expect(tool.build({ url: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: expect.stringContaining('http or https') });
  });
});

describe('save_memory', () => {
  it('appends facts under its own heading and leaves the user’s text alone', async () => {
    await using ws = await tempWorkspace();
    const memory = resolveAlfredPaths(ws.env()).memory;
    await mkdir(path.dirname(memory), { recursive: true });
    await writeFile(memory, '# My notes\n\nUse tabs.\n\n## Other\n\nkeep\n');
    const tool = new SaveMemoryTool(memory);
    await run(tool, { fact: 'Prefers pnpm.' });
    await run(tool, { fact: 'Works in Berlin.' });
    expect(await readFile(memory, 'utf8')).toBe('# My notes\n\nUse tabs.\n\n## Other\n\nkeep\n\n## alfred memories\n\n- Prefers pnpm.\n- Works in Berlin.\n');
  });
});

describe('todo_write', () => {
  it('replaces the session list, notifies subscribers, and refuses two items in progress', async () => {
    const store = new TodoStore();
    const seen: number[] = [];
    store.subscribe((items) => seen.push(items.length));
    const tool = new TodoWriteTool(store);
    const result = await run(tool, { todos: [{ content: 'a', status: 'completed' }, { content: 'b', status: 'in_progress' }] });
    expect(result.llmContent).toContain('(1/2 completed)');
    expect(store.todos[1]).toEqual({ id: '2', content: 'b', status: 'in_progress' });
    expect(seen).toEqual([2]);
    expect(tool.build({ todos: [{ content: 'a', status: 'in_progress' }, { content: 'b', status: 'in_progress' }] })).toMatchObject({ ok: false });
  });
});

describe('load_skill', () => {
  it('returns the skill body, or lists the skills that exist', async () => {
    const tool = new LoadSkillTool({ list: () => Promise.resolve([{ name: 'release', description: 'Cut a release' }]), load: (name) => Promise.resolve(name === 'release' ? 'Step 1: tag' : undefined) });
    expect((await run(tool, { name: 'release' })).llmContent).toContain('Step 1: tag');
    expect((await run(tool, { name: 'deploy' })).error?.message).toContain('Available skills: release');
  });
});

describe('read_many_files', () => {
  it('reads globs and directories, skipping ignored and binary files', async () => {
    await using ws = await tempWorkspace({ files: { '.gitignore': 'gen/\n', 'src/a.ts': 'A', 'src/b.ts': 'B', 'src/c.bin': Buffer.from([0, 1, 2]), 'gen/x.ts': 'X' } });
    const workspace = await WorkspaceContext.create([ws.root]);
    const tool = new ReadManyFilesTool({ workspace, files: new FileDiscoveryService({ workspace }) });
    const result = await run(tool, { paths: ['**/*.ts', 'src'] });
    expect(result.llmContent).toContain('--- src/a.ts ---\nA');
    expect(result.llmContent).toContain('--- src/b.ts ---\nB');
    expect(result.llmContent).toContain('Skipped non-text files: src/c.bin');
    expect(result.llmContent).not.toContain('gen/x.ts');
    expect((await run(tool, { paths: ['../outside/*.ts'] })).error?.type).toBe('path_not_in_workspace');
  });
});
