import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../../workspace/atomic-write.js';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError, errorCode } from '../tool-paths.js';
import { unifiedDiff } from './file-change.js';

const DESCRIPTION = `Remembers a fact about the user or their preferences across sessions by adding it to the user's memory file (~/.alfred/ALFRED.md). Use it when the user asks you to remember something, or states a lasting preference. One short, self-contained sentence per fact.`;

/** The heading under which alfred adds facts; the rest of the file is the user's. */
export const MEMORY_HEADING = '## alfred memories';

const schema = z.strictObject({ fact: z.string().trim().min(1).describe('The fact to remember, as one sentence.') });
type Params = z.output<typeof schema>;

/** `save_memory {fact}`. */
export class SaveMemoryTool extends DeclarativeTool<Params> {
  constructor(private readonly memoryFile: string) {
    super({ name: 'save_memory', displayName: 'Save memory', description: DESCRIPTION, kind: Kind.Memory, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const fact = params.fact.replace(/\s*\n\s*/g, ' ');
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => `Remember: ${fact}`,
      toolLocations: () => [{ path: this.memoryFile }],
      shouldConfirmExecute: async () => {
        const before = await readMemory(this.memoryFile);
        const after = addFact(before, fact);
        return { type: 'edit', title: 'Save memory', path: this.memoryFile, diff: unifiedDiff(this.memoryFile, before, after), originalContent: before, newContent: after };
      },
      execute: async (): Promise<ToolResult> => {
        try {
          const before = await readMemory(this.memoryFile);
          await writeFileAtomic(this.memoryFile, addFact(before, fact));
          return { llmContent: `Saved to memory: ${fact}`, display: { type: 'text', text: `Remembered: ${fact}` } };
        } catch (error) {
          return errorResult('io_error', `Could not save the memory: ${describeError(error)}`);
        }
      },
    };
  }
}

async function readMemory(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return '';
    throw error;
  }
}

/** Appends `- fact` at the end of alfred's section, creating the section at the end if needed. */
export function addFact(content: string, fact: string): string {
  const lines = content === '' ? [] : content.replace(/\n+$/, '').split('\n');
  const start = lines.findIndex((line) => line.trim() === MEMORY_HEADING);
  if (start < 0) return `${lines.length > 0 ? `${lines.join('\n')}\n\n` : ''}${MEMORY_HEADING}\n\n- ${fact}\n`;
  let end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line));
  if (end < 0) end = lines.length;
  while (end > start + 1 && (lines[end - 1] ?? '').trim() === '') end--;
  lines.splice(end, 0, `- ${fact}`);
  return `${lines.join('\n')}\n`;
}
