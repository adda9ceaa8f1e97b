/**
 * Plain-text renderings of blocks that a wire format has no structured place for.
 */
import type { CodeBlock, ToolResponseBlock } from './content.js';

/** What the model reads for a tool response: the result (JSON unless already text) or the error. */
export function toolResponseText(block: ToolResponseBlock): string {
  if (block.error !== undefined) return `Error: ${block.error}`;
  if (typeof block.result === 'string') return block.result;
  if (block.result === undefined) return '';
  return JSON.stringify(block.result);
}

/** A code block as fenced markdown, with its run result when there is one. */
export function codeBlockText(block: CodeBlock): string {
  const header = block.filename ? `${block.filename}:\n` : '';
  const result = block.result ? `\nResult:\n${block.result}` : '';
  return `${header}\`\`\`${block.language}\n${block.code}\n\`\`\`${result}`;
}
