import path from 'node:path';
import { stat } from 'node:fs/promises';
import picomatch from 'picomatch';
import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, textResult, type ToolResult } from '../tool-result.js';
import { resolveToolPath } from '../tool-paths.js';
import { readFileContent } from '../../workspace/text-file.js';
import type { FileToolContext } from './file-tool-context.js';

const DESCRIPTION = `Reads several text files at once: give paths, directories or glob patterns (such as "src/**/*.ts"), relative to the workspace root. Ignored files (.gitignore, .alfredignore) and binary files are skipped. Each file is preceded by a "--- path ---" line. The total is capped; the result lists what was left out so you can read it with read_file.`;

/** Characters returned in total. */
export const MAX_TOTAL_CHARACTERS = 200_000;
const MAX_FILES = 500;

const schema = z.strictObject({
  paths: z.array(z.string().min(1)).min(1).describe('Files, directories or glob patterns.'),
});
type Params = z.output<typeof schema>;

/** `read_many_files {paths}`. */
export class ReadManyFilesTool extends DeclarativeTool<Params> {
  constructor(private readonly context: FileToolContext) {
    super({ name: 'read_many_files', displayName: 'Read files', description: DESCRIPTION, kind: Kind.Read, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    return this.quietInvocation(params, {
      description: `Read ${params.paths.join(', ')}`,
      locations: params.paths.filter((entry) => !picomatch.scan(entry).isGlob).map((entry) => ({ path: this.context.workspace.displayPath(entry) })),
      execute: (signal) => this.run(params, signal),
    });
  }

  private async expand(entry: string, signal: AbortSignal): Promise<{ files: string[] } | { error: ToolResult }> {
    const { workspace, files } = this.context;
    const scan = picomatch.scan(entry);
    const resolved = await resolveToolPath(workspace, scan.isGlob ? scan.base || '.' : entry);
    if (!resolved.ok) return { error: resolved.result };
    const base = resolved.path.realPath;
    if (scan.isGlob) {
      const matches = picomatch(scan.glob, { dot: true, basename: !scan.glob.includes('/') });
      return { files: (await files.crawl(base, signal)).filter((file) => matches(path.relative(base, file).split(path.sep).join('/'))) };
    }
    const stats = await stat(base).catch(() => undefined);
    if (!stats) return { files: [] };
    if (stats.isDirectory()) return { files: await files.crawl(base, signal) };
    return { files: (await files.isIgnored(base)) ? [] : [base] };
  }

  private async run(params: Params, signal: AbortSignal): Promise<ToolResult> {
    const found = new Set<string>();
    for (const entry of params.paths) {
      const expanded = await this.expand(entry, signal);
      if ('error' in expanded) return expanded.error;
      for (const file of expanded.files) found.add(file);
    }
    if (found.size === 0) return errorResult('file_not_found', `No readable files match ${params.paths.join(', ')} (ignored files are skipped).`);
    const parts: string[] = [];
    const skipped: string[] = [];
    const left: string[] = [];
    let total = 0;
    for (const file of [...found].slice(0, MAX_FILES)) {
      const shown = this.context.workspace.displayPath(file);
      if (total >= MAX_TOTAL_CHARACTERS) {
        left.push(shown);
        continue;
      }
      const content = await readFileContent(file).catch(() => undefined);
      if (content?.kind !== 'text') {
        skipped.push(`${shown} (${content?.kind === 'binary' || content?.kind === 'media' ? content.mimeType : (content?.kind ?? 'unreadable')})`);
        continue;
      }
      const room = MAX_TOTAL_CHARACTERS - total;
      const text = content.text.length > room ? `${content.text.slice(0, room)}\n[cut: read the rest with read_file]` : content.text;
      total += text.length;
      parts.push(`--- ${shown} ---\n${text}`);
    }
    left.push(...[...found].slice(MAX_FILES).map((file) => this.context.workspace.displayPath(file)));
    const notes: string[] = [];
    if (skipped.length > 0) notes.push(`[Skipped non-text files: ${skipped.join(', ')}]`);
    if (left.length > 0) notes.push(`[Not included, over the ${MAX_TOTAL_CHARACTERS}-character total: ${left.join(', ')}. Read them with read_file.]`);
    return textResult([...parts, ...notes].join('\n\n'), `Read ${parts.length} file(s)${left.length > 0 ? `, ${left.length} left out` : ''}`);
  }
}
