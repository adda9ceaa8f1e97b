import path from 'node:path';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';
import { describeError, errorCode, resolveToolPath } from '../tool-paths.js';
import type { GrepLine, GrepOutcome, GrepQuery } from '../search/grep-query.js';
import { gitGrep, isGitWorkTree } from '../search/git-grep.js';
import { jsGrep } from '../search/js-grep.js';
import { findRipgrep, ripgrep } from '../search/ripgrep.js';
import type { FileToolContext } from './file-tool-context.js';

const DESCRIPTION = `Searches file contents with a regular expression (ripgrep syntax), honouring .gitignore and .alfredignore. Returns matching lines grouped by file, with line numbers; \`context\` adds lines around each match. Use \`include\` to limit the files searched (for example "*.ts" or "src/**/*.py"). Results are capped; narrow the search if told so.`;

/** Matching lines returned at most. */
export const MAX_GREP_MATCHES = 200;
const MAX_LINE_SHOWN = 500;

const schema = z.strictObject({
  pattern: z.string().min(1).describe('Regular expression to search for.'),
  path: z.string().optional().describe('File or directory to search. Default: the workspace root.'),
  include: z.string().optional().describe('Glob of files to search, such as "*.ts" or "src/**/*.{js,ts}".'),
  ignore_case: z.boolean().optional().describe('Match case-insensitively. Default false.'),
  context: z.number().int().min(0).max(10).optional().describe('Lines of context around each match (0-10). Default 0.'),
});
type Params = z.output<typeof schema>;

/**
 * Which search implementation to use. `auto`: ripgrep when installed, else git grep inside a git
 * repository, else the JS search; the others force one (tests, benches).
 */
export type GrepEngineChoice = 'auto' | 'ripgrep' | 'git' | 'js';

/** `grep {pattern, path?, include?, ignore_case?, context?}`. */
export class GrepTool extends DeclarativeTool<Params> {
  constructor(
    private readonly context: FileToolContext & { readonly engine?: GrepEngineChoice; readonly respectGitIgnore?: boolean },
  ) {
    super({ name: 'grep', displayName: 'Search text', description: DESCRIPTION, kind: Kind.Search, parameters: zodParameters(schema) });
  }

  protected override validateParams(params: Params): string | undefined {
    try {
      new RegExp(params.pattern);
    } catch (error) {
      return `\`pattern\` is not a valid regular expression: ${describeError(error)}`;
    }
    return undefined;
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const { workspace } = this.context;
    return this.quietInvocation(params, {
      description: `Search for /${params.pattern}/ in ${params.path ?? '.'}${params.include ? ` (${params.include})` : ''}`,
      locations: [{ path: workspace.displayPath(params.path ?? workspace.root) }],
      execute: (signal) => this.run(params, signal),
    });
  }

  private async run(params: Params, signal: AbortSignal): Promise<ToolResult> {
    const resolved = await resolveToolPath(this.context.workspace, params.path ?? '.');
    if (!resolved.ok) return resolved.result;
    const query: GrepQuery = {
      pattern: params.pattern,
      target: resolved.path.realPath,
      include: params.include,
      ignoreCase: params.ignore_case ?? false,
      context: params.context ?? 0,
      maxMatches: MAX_GREP_MATCHES,
      signal,
    };
    let outcome: GrepOutcome;
    try {
      outcome = await this.search(query);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return errorResult('file_not_found', `Path not found: ${params.path}`);
      if (signal.aborted) return errorResult('cancelled', 'The search was cancelled.');
      return errorResult('invalid_params', `Search failed: ${describeError(error)}`);
    }
    return this.format(params, outcome);
  }

  private async search(query: GrepQuery): Promise<GrepOutcome> {
    const engine = this.context.engine ?? 'auto';
    const useRipgrep = engine === 'ripgrep' || (engine === 'auto' && findRipgrep() !== null);
    const respectGitIgnore = this.context.respectGitIgnore ?? true;
    if (!useRipgrep) {
      const searchRoot = this.context.workspace.containingDirectory(query.target) ?? query.target;
      if (engine === 'git' || (engine === 'auto' && isGitWorkTree(searchRoot))) return gitGrep(query, { files: this.context.files, respectGitIgnore });
      return jsGrep(this.context.files, query, new RegExp(query.pattern, query.ignoreCase ? 'gim' : 'gm'));
    }
    const outcome = await ripgrep(query, { respectGitIgnore });
    // ripgrep knows .gitignore but not nested .alfredignore files: drop what discovery ignores.
    const verdicts = new Map<string, Promise<boolean>>();
    const ignored = (file: string) => {
      let verdict = verdicts.get(file);
      if (!verdict) verdicts.set(file, (verdict = this.context.files.isIgnored(file)));
      return verdict;
    };
    const kept: GrepLine[] = [];
    for (const line of outcome.lines) if (!(await ignored(line.file))) kept.push(line);
    return { lines: kept, matchCount: kept.filter((line) => line.isMatch).length, truncated: outcome.truncated };
  }

  private format(params: Params, outcome: GrepOutcome): ToolResult {
    const where = `${params.path ?? 'the workspace'}${params.include ? ` (files matching ${params.include})` : ''}`;
    if (outcome.matchCount === 0) return textResult(`No matches for /${params.pattern}/ in ${where}.`);
    const blocks: string[] = [];
    let currentFile = '';
    let previousLine = 0;
    const files = new Set<string>();
    for (const line of outcome.lines) {
      if (line.file !== currentFile) {
        currentFile = line.file;
        files.add(line.file);
        blocks.push(`${blocks.length > 0 ? '\n' : ''}${this.context.workspace.displayPath(path.normalize(line.file))}`);
      } else if (params.context && line.line > previousLine + 1) {
        blocks.push('--');
      }
      previousLine = line.line;
      const text = line.text.length > MAX_LINE_SHOWN ? `${line.text.slice(0, MAX_LINE_SHOWN)}… [cut]` : line.text;
      blocks.push(`${line.line}${line.isMatch ? ':' : '-'} ${text}`);
    }
    const header = `Found ${outcome.matchCount} matching line(s) in ${files.size} file(s) for /${params.pattern}/ in ${where}:`;
    const footer = outcome.truncated ? `\n[Stopped at ${MAX_GREP_MATCHES} matching lines; there are more. Narrow the pattern, path or include.]` : '';
    return textResult(`${header}\n${blocks.join('\n')}${footer}`, `Found ${outcome.matchCount}${outcome.truncated ? '+' : ''} match(es) in ${files.size} file(s)`);
  }
}
