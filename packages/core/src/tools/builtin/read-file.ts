import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError, errorCode, resolveToolPath } from '../tool-paths.js';
import { formatBytes, readFileContent } from '../../workspace/text-file.js';
import type { FileToolContext } from './file-tool-context.js';

const DESCRIPTION = `Reads a file from the workspace. Text files are returned as they are, up to 2000 lines at a time; use \`offset\` (1-based line) and \`limit\` to read further, as the result tells you. Lines longer than 2000 characters are cut with a marker. Images (PNG, JPEG, GIF, WebP) and PDF files are returned as media. Binary files are refused. Paths may be absolute or relative to the workspace root.`;

/** Lines returned when the model gives no `limit`. */
export const DEFAULT_LINE_LIMIT = 2000;
/** Characters kept of a single line before it is cut. */
export const MAX_LINE_CHARACTERS = 2000;

const schema = z.strictObject({
  path: z.string().describe('File to read: absolute, or relative to the workspace root.'),
  offset: z.number().int().min(1).optional().describe('1-based line to start at. Default 1.'),
  limit: z.number().int().min(1).optional().describe(`Number of lines to read. Default ${DEFAULT_LINE_LIMIT}.`),
});
type Params = z.output<typeof schema>;

/** `read_file {path, offset?, limit?}`. */
export class ReadFileTool extends DeclarativeTool<Params> {
  constructor(private readonly context: FileToolContext) {
    super({ name: 'read_file', displayName: 'Read file', description: DESCRIPTION, kind: Kind.Read, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const range = params.offset || params.limit ? ` (from line ${params.offset ?? 1}${params.limit ? `, ${params.limit} lines` : ''})` : '';
    return this.quietInvocation(params, {
      description: `Read ${params.path}${range}`,
      locations: [{ path: this.context.workspace.displayPath(params.path), line: params.offset }],
      execute: () => this.run(params),
    });
  }

  private async run(params: Params): Promise<ToolResult> {
    const resolved = await resolveToolPath(this.context.workspace, params.path);
    if (!resolved.ok) return resolved.result;
    let content;
    try {
      content = await readFileContent(resolved.path.realPath);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return errorResult('file_not_found', `File not found: ${params.path}`);
      return errorResult('io_error', `Could not read ${params.path}: ${describeError(error)}`);
    }
    const shown = this.context.workspace.displayPath(resolved.path.path);
    switch (content.kind) {
      case 'not_a_file':
        return errorResult('not_a_file', content.isDirectory ? `${params.path} is a directory. Use ls to list it.` : `${params.path} is not a regular file.`);
      case 'too_large':
        return errorResult('file_too_large', `${params.path} is ${formatBytes(content.size)}, over the ${formatBytes(content.limit)} limit. Use grep to find the part you need, or shell with head/tail/sed.`);
      case 'binary':
        return errorResult('binary_file', `${params.path} is a binary file (${content.mimeType}, ${formatBytes(content.size)}) and cannot be read as text.`);
      case 'media':
        return {
          llmContent: [
            { type: 'text', text: `${shown} (${content.mimeType}, ${formatBytes(content.size)}):` },
            { type: 'media', mimeType: content.mimeType, data: content.bytes.toString('base64'), encoding: 'base64' },
          ],
          display: { type: 'text', text: `Read ${shown} (${content.mimeType}, ${formatBytes(content.size)})` },
        };
      case 'text':
        return sliceLines(content.text, params, shown);
    }
  }
}

function sliceLines(text: string, params: Params, shown: string): ToolResult {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  const offset = params.offset ?? 1;
  const limit = params.limit ?? DEFAULT_LINE_LIMIT;
  if (total === 0 || text === '') return { llmContent: '(empty file)', display: { type: 'text', text: `Read ${shown} (empty)` } };
  if (offset > total) return errorResult('invalid_params', `\`offset\` ${offset} is past the end: ${params.path} has ${total} lines.`);
  const end = Math.min(total, offset - 1 + limit);
  let cutLines = 0;
  const selected = lines.slice(offset - 1, end).map((line) => {
    if (line.length <= MAX_LINE_CHARACTERS) return line;
    cutLines++;
    return `${line.slice(0, MAX_LINE_CHARACTERS)}… [line cut: ${line.length} characters in total]`;
  });
  const notes: string[] = [];
  if (offset > 1 || end < total) {
    notes.push(`[Showing lines ${offset}-${end} of ${total}.${end < total ? ` To read more, call read_file with offset=${end + 1}.` : ''}]`);
  }
  if (cutLines > 0) notes.push(`[${cutLines} line(s) longer than ${MAX_LINE_CHARACTERS} characters were cut; use grep or shell to see them whole.]`);
  const body = selected.join('\n');
  return {
    llmContent: notes.length > 0 ? `${notes.join('\n')}\n${body}` : body,
    display: { type: 'text', text: `Read ${end - offset + 1} line(s) from ${shown}${end < total || offset > 1 ? ` (lines ${offset}-${end} of ${total})` : ''}` },
  };
}
