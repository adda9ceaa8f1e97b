import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolConfirmationDetails, ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError, resolveToolPath } from '../tool-paths.js';
import type { FileToolContext } from './file-tool-context.js';
import { countLines, readCurrentFile, unifiedDiff, writeInFormat } from './file-change.js';

const DESCRIPTION = `Writes a whole file in the workspace, creating it and any missing folders, or replacing it. The write is atomic. An existing file keeps its encoding, byte order mark and line endings. Prefer \`edit\` for changes to part of an existing file. The user sees a diff before the write.`;

const schema = z.strictObject({
  path: z.string().describe('File to write: absolute, or relative to the workspace root.'),
  content: z.string().describe('The complete new content of the file.'),
});
type Params = z.output<typeof schema>;

/** `write_file {path, content}`. */
export class WriteFileTool extends DeclarativeTool<Params> {
  constructor(private readonly context: FileToolContext) {
    super({ name: 'write_file', displayName: 'Write file', description: DESCRIPTION, kind: Kind.Edit, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    let content = params.content.replace(/\r\n/g, '\n');
    const { workspace, files } = this.context;
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => `Write ${params.path}`,
      toolLocations: () => [{ path: workspace.displayPath(params.path) }],
      applyModifiedContent: (modified) => {
        content = modified.replace(/\r\n/g, '\n');
      },
      shouldConfirmExecute: async (): Promise<ToolConfirmationDetails | false> => {
        const resolved = await resolveToolPath(workspace, params.path);
        if (!resolved.ok) return false;
        const current = await readCurrentFile(resolved.path.realPath, params.path);
        if (!current.ok) return false;
        const before = current.file.exists ? current.file.text : '';
        return {
          type: 'edit',
          title: `Write ${params.path}`,
          path: resolved.path.path,
          diff: unifiedDiff(workspace.displayPath(resolved.path.path), before, content),
          originalContent: current.file.exists ? current.file.text : null,
          newContent: content,
        };
      },
      execute: async (): Promise<ToolResult> => {
        const resolved = await resolveToolPath(workspace, params.path);
        if (!resolved.ok) return resolved.result;
        const shown = workspace.displayPath(resolved.path.path);
        const current = await readCurrentFile(resolved.path.realPath, shown);
        if (!current.ok) return current.result;
        try {
          await writeInFormat(resolved.path.realPath, content, current.file.format);
        } catch (error) {
          return errorResult('io_error', `Could not write ${shown}: ${describeError(error)}`);
        }
        files.invalidate();
        const before = current.file.exists ? current.file.text : '';
        const verb = current.file.exists ? 'Overwrote' : 'Created';
        return {
          llmContent: `${verb} ${shown} (${countLines(content)} lines).`,
          display: { type: 'diff', path: shown, diff: unifiedDiff(shown, before, content), isNewFile: !current.file.exists },
        };
      },
    };
  }
}
