import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';
import { describeError, resolveToolPath } from '../tool-paths.js';
import type { FileToolContext } from './file-tool-context.js';

const DESCRIPTION = `Finds files by glob pattern (such as "**/*.ts" or "src/**/test_*.py"), honouring .gitignore and .alfredignore. Returns paths newest first. A pattern without "/" matches file names at any depth. Results are capped; narrow the pattern if told so.`;

/** Paths returned at most. */
export const MAX_GLOB_RESULTS = 500;

const schema = z.strictObject({
  pattern: z.string().min(1).describe('Glob pattern, such as "**/*.ts".'),
  path: z.string().optional().describe('Directory to search in. Default: the workspace root.'),
});
type Params = z.output<typeof schema>;

/** `glob {pattern, path?}`. */
export class GlobTool extends DeclarativeTool<Params> {
  constructor(private readonly context: FileToolContext) {
    super({ name: 'glob', displayName: 'Find files', description: DESCRIPTION, kind: Kind.Search, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const { workspace } = this.context;
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => `Find ${params.pattern} in ${params.path ?? '.'}`,
      toolLocations: () => [{ path: workspace.displayPath(params.path ?? workspace.root) }],
      shouldConfirmExecute: () => Promise.resolve(false),
      execute: (signal) => this.run(params, signal),
    };
  }

  private async run(params: Params, signal: AbortSignal): Promise<ToolResult> {
    const resolved = await resolveToolPath(this.context.workspace, params.path ?? '.');
    if (!resolved.ok) return resolved.result;
    const directory = resolved.path.realPath;
    try {
      if (!(await stat(directory)).isDirectory()) return errorResult('not_a_directory', `${params.path} is not a directory.`);
    } catch {
      return errorResult('file_not_found', `Directory not found: ${params.path}`);
    }
    let matched: string[];
    try {
      const matches = picomatch(params.pattern, { dot: true, basename: !params.pattern.includes('/') });
      const all = await this.context.files.crawl(directory, signal);
      matched = all.filter((file) => matches(path.relative(directory, file).split(path.sep).join('/')));
    } catch (error) {
      return errorResult('invalid_params', `Glob failed: ${describeError(error)}`);
    }
    if (matched.length === 0) return textResult(`No files match ${params.pattern} in ${params.path ?? 'the workspace'}.`);
    const dated = await Promise.all(matched.map(async (file) => ({ file, mtime: await stat(file).then((s) => s.mtimeMs, () => 0) })));
    dated.sort((a, b) => b.mtime - a.mtime || a.file.localeCompare(b.file));
    const shown = dated.slice(0, MAX_GLOB_RESULTS).map(({ file }) => this.context.workspace.displayPath(file));
    const more = matched.length > MAX_GLOB_RESULTS ? `\n[${matched.length - MAX_GLOB_RESULTS} more not shown; narrow the pattern or path.]` : '';
    return textResult(`${matched.length} file(s) match ${params.pattern}, newest first:\n${shown.join('\n')}${more}`, `Found ${matched.length} file(s)`);
  }
}
