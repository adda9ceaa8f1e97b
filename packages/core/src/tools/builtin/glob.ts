import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';
import { describeError, resolveToolPath } from '../tool-paths.js';
import { DatedFiles } from '../search/newest-first.js';
import { findRipgrep } from '../search/ripgrep.js';
import { ripgrepFileBatches } from '../search/ripgrep-files.js';
import type { FileToolContext } from './file-tool-context.js';
import type { GrepEngineChoice } from './grep.js';

const DESCRIPTION = `Finds files by glob pattern (such as "**/*.ts" or "src/**/test_*.py"), honouring .gitignore and .alfredignore. Returns paths newest first. A pattern without "/" matches file names at any depth. Results are capped; narrow the pattern if told so.`;

/** Files statted between yields in the JS crawl: long enough to be cheap, short enough to keep cancel responsive. */
const STAT_SLICE = 2_000;

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
    return this.quietInvocation(params, {
      description: `Find ${params.pattern} in ${params.path ?? '.'}`,
      locations: [{ path: workspace.displayPath(params.path ?? workspace.root) }],
      execute: (signal) => this.run(params, signal),
    });
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
    let dated: DatedFiles;
    try {
      const matches = picomatch(params.pattern, { dot: true, basename: !params.pattern.includes('/') });
      dated = await this.findMatches(directory, matches, signal);
    } catch (error) {
      if (signal.aborted) return errorResult('cancelled', 'The search was cancelled.');
      return errorResult('invalid_params', `Glob failed: ${describeError(error)}`);
    }
    const total = dated.size;
    if (total === 0) return textResult(`No files match ${params.pattern} in ${params.path ?? 'the workspace'}.`);
    const shown = dated.newest(MAX_GLOB_RESULTS).map((relative) => this.context.workspace.displayPath(`${directory}${path.sep}${relative}`));
    const more = total > MAX_GLOB_RESULTS ? `\n[${total - MAX_GLOB_RESULTS} more not shown; narrow the pattern or path.]` : '';
    return textResult(`${total} file(s) match ${params.pattern}, newest first:\n${shown.join('\n')}${more}`, `Found ${total} file(s)`);
  }

  /**
   * Files under `directory` that `matches` accepts (tested on the path relative to it, with `/`),
   * dated. With `rg --files` when installed (it crawls several times faster than the JS crawl on
   * large trees), each batch it prints is matched and statted while it lists the rest; the
   * discovery service then drops what ripgrep cannot know to ignore. Otherwise the JS crawl.
   */
  private async findMatches(directory: string, matches: (relative: string) => boolean, signal: AbortSignal): Promise<DatedFiles> {
    const dated = new DatedFiles();
    const engine = this.context.engine ?? 'auto';
    if (engine === 'ripgrep' || (engine === 'auto' && findRipgrep() !== null)) {
      const listed: string[] = [];
      // One core stays free for the stats, which otherwise wait for ripgrep's threads.
      const threads = Math.max(1, availableParallelism() - 1);
      for await (const batch of ripgrepFileBatches(directory, { respectGitIgnore: this.context.respectGitIgnore ?? true, signal, threads })) {
        for (const relative of batch) {
          listed.push(relative);
          // Listed paths are already clean and relative, so concatenating skips path.join's normalising.
          if (matches(relative)) dated.add(relative, `${directory}${path.sep}${relative}`);
        }
      }
      const kept = await this.context.files.filterListed(directory, listed);
      if (kept.length < listed.length) {
        const keep = new Set(kept);
        dated.retain((relative) => keep.has(relative));
      }
      return dated;
    }
    const crawled = await this.context.files.crawl(directory, signal);
    for (let start = 0; start < crawled.length; start += STAT_SLICE) {
      // Yields between slices so a cancel or a render is not held up by the stats.
      if (start > 0) await yieldToEventLoop();
      signal.throwIfAborted();
      for (const file of crawled.slice(start, start + STAT_SLICE)) {
        // Crawled paths all start with the directory, so slicing beats path.relative (which resolves both).
        const relative = toPosix(file.slice(directory.length + 1));
        if (matches(relative)) dated.add(relative, file);
      }
    }
    return dated;
  }
}

function toPosix(relative: string): string {
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}
