import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';
import { describeError, resolveToolPath } from '../tool-paths.js';
import { sortNewestFirst } from '../search/newest-first.js';
import { findRipgrep } from '../search/ripgrep.js';
import { ripgrepFiles } from '../search/ripgrep-files.js';
import type { FileToolContext } from './file-tool-context.js';
import type { GrepEngineChoice } from './grep.js';

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
  constructor(private readonly context: FileToolContext & { readonly engine?: GrepEngineChoice; readonly respectGitIgnore?: boolean }) {
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
    let ordered: string[];
    try {
      const matches = picomatch(params.pattern, { dot: true, basename: !params.pattern.includes('/') });
      const all = await this.listFiles(directory, signal);
      // Listed paths are already clean and relative, so concatenating skips path.join's normalising.
      matched = all.filter((relative) => matches(relative)).map((relative) => `${directory}${path.sep}${relative}`);
      ordered = await sortNewestFirst(matched, signal);
    } catch (error) {
      if (signal.aborted) return errorResult('cancelled', 'The search was cancelled.');
      return errorResult('invalid_params', `Glob failed: ${describeError(error)}`);
    }
    if (matched.length === 0) return textResult(`No files match ${params.pattern} in ${params.path ?? 'the workspace'}.`);
    const shown = ordered.slice(0, MAX_GLOB_RESULTS).map((file) => this.context.workspace.displayPath(file));
    const more = matched.length > MAX_GLOB_RESULTS ? `\n[${matched.length - MAX_GLOB_RESULTS} more not shown; narrow the pattern or path.]` : '';
    return textResult(`${matched.length} file(s) match ${params.pattern}, newest first:\n${shown.join('\n')}${more}`, `Found ${matched.length} file(s)`);
  }

  /**
   * Paths under `directory`, relative with `/`: `rg --files` when installed (it crawls in parallel,
   * several times faster than the JS crawl on large trees), finished by the discovery service with
   * the rules ripgrep cannot know; otherwise the JS crawl.
   */
  private async listFiles(directory: string, signal: AbortSignal): Promise<string[]> {
    const engine = this.context.engine ?? 'auto';
    if (engine === 'ripgrep' || (engine === 'auto' && findRipgrep() !== null)) {
      const listed = await ripgrepFiles(directory, { respectGitIgnore: this.context.respectGitIgnore ?? true, signal });
      return this.context.files.filterListed(directory, listed);
    }
    const crawled = await this.context.files.crawl(directory, signal);
    // Crawled paths all start with the directory, so slicing beats path.relative (which resolves both).
    return crawled.map((file) => toPosix(file.slice(directory.length + 1)));
  }
}

function toPosix(relative: string): string {
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}
