import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';
import { describeError, errorCode, resolveToolPath } from '../tool-paths.js';
import type { FileToolContext } from './file-tool-context.js';

const DESCRIPTION = `Lists a directory in the workspace: folders first (ending in "/"), then files. Entries ignored by .gitignore or .alfredignore are left out and counted.`;

const MAX_ENTRIES = 1000;

const schema = z.strictObject({
  path: z.string().optional().describe('Directory to list. Default: the workspace root.'),
});
type Params = z.output<typeof schema>;

/** `ls {path?}`. */
export class LsTool extends DeclarativeTool<Params> {
  constructor(private readonly context: FileToolContext) {
    super({ name: 'ls', displayName: 'List directory', description: DESCRIPTION, kind: Kind.Read, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const { workspace } = this.context;
    return this.quietInvocation(params, {
      description: `List ${params.path ?? '.'}`,
      locations: [{ path: workspace.displayPath(params.path ?? workspace.root) }],
      execute: () => this.run(params),
    });
  }

  private async run(params: Params): Promise<ToolResult> {
    const shownInput = params.path ?? '.';
    const resolved = await resolveToolPath(this.context.workspace, shownInput);
    if (!resolved.ok) return resolved.result;
    const directory = resolved.path.realPath;
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return errorResult('file_not_found', `Directory not found: ${shownInput}`);
      if (errorCode(error) === 'ENOTDIR') return errorResult('not_a_directory', `${shownInput} is a file, not a directory. Use read_file to read it.`);
      return errorResult('io_error', `Could not list ${shownInput}: ${describeError(error)}`);
    }
    const folders: string[] = [];
    const files: string[] = [];
    let ignored = 0;
    for (const entry of entries) {
      const isDirectory = entry.isDirectory();
      if (await this.context.files.isIgnored(path.join(directory, entry.name), isDirectory)) {
        ignored++;
        continue;
      }
      if (isDirectory) folders.push(`${entry.name}/`);
      else files.push(entry.isSymbolicLink() ? `${entry.name}@` : entry.name);
    }
    const listed = [...folders.sort(), ...files.sort()];
    const shown = listed.slice(0, MAX_ENTRIES);
    const notes: string[] = [];
    if (listed.length > MAX_ENTRIES) notes.push(`[${listed.length - MAX_ENTRIES} more entries not shown; use glob to narrow.]`);
    if (ignored > 0) notes.push(`[${ignored} ignored entr${ignored === 1 ? 'y' : 'ies'} hidden (.gitignore/.alfredignore/.git).]`);
    const heading = `${this.context.workspace.displayPath(resolved.path.path)}: ${folders.length} folder(s), ${files.length} file(s)`;
    const body = listed.length === 0 ? '(empty directory)' : shown.join('\n');
    return textResult([heading, body, ...notes].join('\n'), heading);
  }
}
