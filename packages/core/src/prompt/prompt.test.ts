import { existsSync } from 'node:fs';
import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { FileDiscoveryService } from '../workspace/file-discovery.js';
import { WorkspaceContext } from '../workspace/workspace-context.js';
import { parseAtReferences } from './at-reference-parse.js';
import { customSlashCommand, expandCommandTemplate, loadCustomCommands } from './custom-commands.js';
import { PromptProcessor } from './prompt-processor.js';
import { SlashCommandRegistry } from './slash-commands.js';

describe('@ references', () => {
  it('parses paths, ranges, quoted paths, escapes and ignores emails and punctuation', () => {
    const { references, text } = parseAtReferences('explain @src/a.ts:10-40, @"docs/my notes.md" and mail me@example.com \\@not');
    expect(references.map((reference) => [reference.path, reference.lines])).toEqual([
      ['src/a.ts', { start: 10, end: 40 }],
      ['docs/my notes.md', undefined],
    ]);
    expect(text).toContain('@not');
    expect(text).not.toContain('\\@');
  });

  it('attaches files, line ranges, directories and globs; notes missing and outside paths', async () => {
    await using workspace = await tempWorkspace({
      files: {
        'src/a.ts': Array.from({ length: 50 }, (_, index) => `line ${index + 1}`).join('\n'),
        'src/b.ts': 'export const b = 2;',
        'src/ignored.log': 'noise',
        '.gitignore': '*.log\n',
        'docs/my notes.md': 'notes',
      },
    });
    await workspace.write({ '../outside.txt': 'secret' });
    const processor = await makeProcessor(workspace.root);
    const result = await processor.process('look at @src/a.ts:10-12 and @src and @"docs/my notes.md" and @missing.ts and @../outside.txt', new AbortController().signal);
    expect(result.type).toBe('prompt');
    const text = result.type === 'prompt' ? result.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n') : '';
    expect(text).toContain('lines 10-12 of 50');
    expect(text).toContain('line 11');
    expect(text).not.toContain('line 13\n');
    expect(text).toContain('export const b = 2;');
    expect(text).not.toContain('noise');
    expect(text).toContain('notes');
    expect(text).toContain('missing.ts: no such file');
    expect(text).not.toContain('secret');
    expect(text).toMatch(/outside\.txt: .*outside/i);
  });

  it('caps the number of attached files and tells the model what was left out', async () => {
    const files = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`many/f${index}.txt`, `file ${index}`]));
    await using workspace = await tempWorkspace({ files });
    const processor = await makeProcessor(workspace.root, { maxFiles: 3 });
    const result = await processor.process('@many', new AbortController().signal);
    const text = result.type === 'prompt' ? result.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n') : '';
    expect(text).toContain('Left out 5 more file(s)');
  });
});

describe('custom commands', () => {
  it('loads nested Markdown and TOML commands, workspace ones only when trusted', async () => {
    await using workspace = await tempWorkspace({
      files: {
        '.alfred/commands/git/commit.md': '---\ndescription: Write a commit message\nargument-hint: <scope>\n---\nWrite a commit for $ARGUMENTS',
        '.alfred/commands/review.toml': 'description = "Review a file"\nprompt = "Review $1 focusing on $2"',
      },
    });
    const trusted = await loadCustomCommands({ userDir: '/nonexistent', workspaceDir: workspace.path('.alfred/commands'), trusted: true });
    expect(trusted.commands.map((command) => [command.name, command.description])).toEqual([
      ['git/commit', 'Write a commit message'],
      ['review', 'Review a file'],
    ]);
    const untrusted = await loadCustomCommands({ userDir: '/nonexistent', workspaceDir: workspace.path('.alfred/commands'), trusted: false });
    expect(untrusted.commands).toEqual([]);
  });

  it('substitutes arguments and runs !{…} through the policy, quoting arguments so they cannot inject', async () => {
    const ran: string[] = [];
    const io = {
      shell: async (command: string) => {
        ran.push(command);
        return command.startsWith('rm') ? { denied: 'rm is denied by policy' } : { output: 'M src/a.ts\n' };
      },
      readFile: async (file: string) => `<contents of ${file}>`,
    };
    const expanded = await expandCommandTemplate(
      { template: 'Status:\n!{git status --short $1}\nFile: @{$2}\nAll: $ARGUMENTS\n!{rm -rf x}' },
      'src "; touch pwned" notes.md',
      io,
    );
    expect(ran[0]).toBe(`git status --short 'src'`);
    expect(expanded).toContain('M src/a.ts');
    expect(expanded).toContain('<contents of ; touch pwned>');
    expect(expanded).toContain('[command not run: rm is denied by policy]');
    const appended = await expandCommandTemplate({ template: 'Summarise the diff.' }, 'briefly', io);
    expect(appended).toBe('Summarise the diff.\n\nbriefly');
  });

  it('turns /git/commit into a prompt whose @ references are resolved', async () => {
    await using workspace = await tempWorkspace({ files: { 'CHANGELOG.md': 'v1 notes' } });
    const processor = await makeProcessor(workspace.root, {}, (registry) =>
      registry.register(
        customSlashCommand(
          { name: 'git/commit', description: 'commit', template: 'Commit $ARGUMENTS using @CHANGELOG.md', file: 'x', source: 'workspace' },
          { shell: async () => ({ output: '' }), readFile: async () => '' },
        ),
      ),
    );
    const result = await processor.process('/git:commit the fix', new AbortController().signal);
    expect(result.type).toBe('prompt');
    const text = result.type === 'prompt' ? result.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n') : '';
    expect(text).toContain('Commit the fix using');
    expect(text).toContain('v1 notes');
  });
});

describe('shell mode', () => {
  it('runs !command, and sends its output with the next prompt only', async () => {
    await using workspace = await tempWorkspace();
    const processor = await makeProcessor(workspace.root);
    const shell = await processor.process('!echo hi', new AbortController().signal);
    expect(shell).toMatchObject({ type: 'shell', command: 'echo hi', output: 'hi\n' });
    const next = await processor.process('what did it print?', new AbortController().signal);
    expect(next.type === 'prompt' && next.blocks[0]).toMatchObject({ type: 'text', text: expect.stringContaining('$ echo hi\nhi') });
    const after = await processor.process('again', new AbortController().signal);
    expect(after.type === 'prompt' && after.blocks).toHaveLength(1);
  });

  it('refuses a denied command without running it', async () => {
    await using workspace = await tempWorkspace();
    const processor = await makeProcessor(workspace.root);
    const result = await processor.process('!touch created.txt', new AbortController().signal);
    expect(result).toMatchObject({ type: 'shell', denied: 'touch is denied in this test' });
    expect(existsSync(workspace.path('created.txt'))).toBe(false);
  });
});

async function makeProcessor(root: string, caps: { maxFiles?: number } = {}, setup?: (registry: SlashCommandRegistry) => void) {
  const workspace = await WorkspaceContext.create([root]);
  const files = new FileDiscoveryService({ workspace });
  const registry = new SlashCommandRegistry();
  setup?.(registry);
  const { execFile } = await import('node:child_process');
  return new PromptProcessor({
    commands: registry,
    commandContext: undefined,
    references: { workspace, files, ...caps },
    shell: async (command) => {
      if (command.startsWith('touch')) return { denied: 'touch is denied in this test' };
      return new Promise((resolve) => {
        execFile('bash', ['-c', command], { cwd: root }, (error, stdout) => resolve({ output: stdout, exitCode: error ? 1 : 0 }));
      });
    },
  });
}
