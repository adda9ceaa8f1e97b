import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolConfirmationDetails, ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError, resolveToolPath, type InsidePath } from '../tool-paths.js';
import type { FileToolContext } from './file-tool-context.js';
import { readCurrentFile, unifiedDiff, writeInFormat, type CurrentFile } from './file-change.js';
import { applyEdit, closestLines } from './edit-matching.js';

const DESCRIPTION = `Replaces text in a file: \`old_string\` must match the file exactly (including indentation) and be unique, unless \`expected_replacements\` says how many occurrences to replace. Include enough surrounding lines to make it unique. When nothing matches, the error shows the closest lines. An empty \`old_string\` creates a new file with \`new_string\` as its content. Read the file first. The user sees a diff before the change.`;

const schema = z.strictObject({
  path: z.string().describe('File to edit: absolute, or relative to the workspace root.'),
  old_string: z.string().describe('The exact text to replace. Empty to create a new file.'),
  new_string: z.string().describe('The text to put in its place.'),
  expected_replacements: z.number().int().min(1).optional().describe('How many occurrences to replace. Default 1.'),
});
type Params = z.output<typeof schema>;

type Planned = { ok: true; resolved: InsidePath; current: CurrentFile; before: string; after: string; note: string } | { ok: false; result: ToolResult };

/** `edit {path, old_string, new_string, expected_replacements?}`. */
export class EditTool extends DeclarativeTool<Params> {
  constructor(private readonly context: FileToolContext) {
    super({ name: 'edit', displayName: 'Edit', description: DESCRIPTION, kind: Kind.Edit, parameters: zodParameters(schema) });
  }

  protected override validateParams(params: Params): string | undefined {
    if (params.old_string === params.new_string) return '`old_string` and `new_string` are the same, so the edit would change nothing.';
    return undefined;
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const { workspace, files } = this.context;
    let modified: string | undefined;
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => `Edit ${params.path}`,
      toolLocations: () => [{ path: workspace.displayPath(params.path) }],
      applyModifiedContent: (content) => {
        modified = content.replace(/\r\n/g, '\n');
      },
      shouldConfirmExecute: async (): Promise<ToolConfirmationDetails | false> => {
        const plan = await this.plan(params);
        if (!plan.ok) return false;
        const after = modified ?? plan.after;
        return {
          type: 'edit',
          title: `Edit ${params.path}`,
          path: plan.resolved.path,
          diff: unifiedDiff(workspace.displayPath(plan.resolved.path), plan.before, after),
          originalContent: plan.current.exists ? plan.before : null,
          newContent: after,
        };
      },
      execute: async (): Promise<ToolResult> => {
        const plan = await this.plan(params);
        if (!plan.ok) return plan.result;
        const after = modified ?? plan.after;
        const shown = workspace.displayPath(plan.resolved.path);
        try {
          await writeInFormat(plan.resolved.realPath, after, plan.current.format);
        } catch (error) {
          return errorResult('io_error', `Could not write ${shown}: ${describeError(error)}`);
        }
        files.invalidate();
        const userNote = modified !== undefined ? ' The user modified the proposed content before applying it; read the file if you need the exact result.' : '';
        return {
          llmContent: `${plan.note}${userNote}`,
          display: { type: 'diff', path: shown, diff: unifiedDiff(shown, plan.before, after), isNewFile: !plan.current.exists },
        };
      },
    };
  }

  private async plan(params: Params): Promise<Planned> {
    const resolved = await resolveToolPath(this.context.workspace, params.path);
    if (!resolved.ok) return resolved;
    const shown = this.context.workspace.displayPath(resolved.path.path);
    const current = await readCurrentFile(resolved.path.realPath, shown);
    if (!current.ok) return current;
    const file = current.file;
    if (!file.exists) {
      if (params.old_string !== '') return { ok: false, result: errorResult('file_not_found', `File not found: ${shown}. To create it, use an empty old_string or write_file.`) };
      return { ok: true, resolved: resolved.path, current: file, before: '', after: params.new_string.replace(/\r\n/g, '\n'), note: `Created ${shown}.` };
    }
    if (params.old_string === '') return { ok: false, result: errorResult('invalid_params', `${shown} already exists; an empty old_string only creates new files. Give the text to replace.`) };
    const expected = params.expected_replacements ?? 1;
    const outcome = applyEdit(file.text, params.old_string.replace(/\r\n/g, '\n'), params.new_string.replace(/\r\n/g, '\n'), expected);
    if (!outcome.ok) return { ok: false, result: explainFailure(shown, file.text, params, expected, outcome) };
    const fuzzy = outcome.fuzzy ? ' (matched with whitespace differences ignored)' : '';
    return { ok: true, resolved: resolved.path, current: file, before: file.text, after: outcome.text, note: `Replaced ${outcome.replacements} occurrence(s) in ${shown}${fuzzy}.` };
  }
}

function explainFailure(shown: string, text: string, params: Params, expected: number, outcome: { reason: 'no_match' | 'count_mismatch'; found: number; lines: number[] }): ToolResult {
  if (outcome.reason === 'count_mismatch') {
    const where = `line(s) ${outcome.lines.slice(0, 10).join(', ')}`;
    if (outcome.found > expected) {
      return errorResult(
        'edit_ambiguous',
        `old_string matches ${outcome.found} times in ${shown} (${where}) but expected_replacements is ${expected}. Include more surrounding lines to make it unique, or set expected_replacements to ${outcome.found} to replace every occurrence.`,
      );
    }
    return errorResult('edit_no_match', `old_string matches ${outcome.found} time(s) in ${shown} (${where}), fewer than expected_replacements (${expected}).`);
  }
  const candidates = closestLines(text, params.old_string);
  const hint = candidates.length > 0 ? ` The closest lines are:\n${candidates.map((candidate) => `  ${candidate.line}: ${candidate.text}`).join('\n')}` : '';
  return errorResult('edit_no_match', `old_string was not found in ${shown}. Read the file again and copy the text exactly, including indentation.${hint}`);
}
