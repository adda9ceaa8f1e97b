/**
 * Structural checks on a history before it is sent: speakers, block shapes, and tool pairing
 * (every tool call answered exactly once, in the tool turns right after it).
 */
import { CONTENT_BLOCK_TYPES, type ContentBlock, type IContent } from './content.js';

/** What can be wrong with a history. */
export type ContentIssueCode =
  | 'bad_speaker'
  | 'bad_block'
  | 'misplaced_block'
  | 'orphan_call'
  | 'orphan_response'
  | 'duplicate_response';

/** One problem, located by turn (and block) index. */
export interface ContentIssue {
  code: ContentIssueCode;
  index: number;
  blockIndex?: number;
  message: string;
}

/** The verdict of {@link validateContent}. */
export interface ContentValidation {
  valid: boolean;
  issues: ContentIssue[];
}

const SPEAKERS = new Set(['human', 'ai', 'tool']);
const BLOCK_TYPES = new Set<string>(CONTENT_BLOCK_TYPES);

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Per block type: why its fields do not fit, or undefined when they do. */
const SHAPE_CHECKS: { [T in ContentBlock['type']]: (block: Extract<ContentBlock, { type: T }>) => string | undefined } = {
  text: (block) => (isString(block.text) ? undefined : 'text block needs a string `text`'),
  thinking: (block) => (isString(block.text) ? undefined : 'thinking block needs a string `text`'),
  tool_call: (block) => {
    if (!isString(block.id) || block.id === '') return 'tool_call needs a non-empty `id`';
    if (!isString(block.name) || block.name === '') return 'tool_call needs a non-empty `name`';
    return isPlainObject(block.parameters) ? undefined : 'tool_call `parameters` must be an object';
  },
  tool_response: (block) => {
    if (!isString(block.callId) || block.callId === '') return 'tool_response needs a `callId`';
    return isString(block.toolName) ? undefined : 'tool_response needs a `toolName`';
  },
  media: (block) => {
    if (!isString(block.mimeType) || !isString(block.data)) return 'media needs `mimeType` and `data` strings';
    return block.encoding === 'url' || block.encoding === 'base64' ? undefined : "media `encoding` must be 'url' or 'base64'";
  },
  code: (block) => (isString(block.language) && isString(block.code) ? undefined : 'code needs `language` and `code` strings'),
};

function blockShapeProblem(block: ContentBlock): string | undefined {
  return (SHAPE_CHECKS[block.type] as (block: ContentBlock) => string | undefined)(block);
}

function checkTurnShape(content: IContent, index: number, issues: ContentIssue[]): void {
  if (!SPEAKERS.has(content.speaker as string)) {
    issues.push({ code: 'bad_speaker', index, message: `turn ${index}: unknown speaker ${JSON.stringify(content.speaker)}` });
  }
  if (!Array.isArray(content.blocks)) {
    issues.push({ code: 'bad_block', index, message: `turn ${index}: \`blocks\` must be an array` });
    return;
  }
  content.blocks.forEach((block, blockIndex) => {
    const type = (block as { type?: unknown } | null)?.type;
    if (!BLOCK_TYPES.has(type as string)) {
      issues.push({ code: 'bad_block', index, blockIndex, message: `turn ${index} block ${blockIndex}: unknown type ${JSON.stringify(type)}` });
      return;
    }
    const problem = blockShapeProblem(block);
    if (problem) issues.push({ code: 'bad_block', index, blockIndex, message: `turn ${index} block ${blockIndex}: ${problem}` });
    if (block.type === 'tool_call' && content.speaker !== 'ai') {
      issues.push({ code: 'misplaced_block', index, blockIndex, message: `turn ${index}: tool_call in a ${content.speaker} turn (only ai turns call tools)` });
    }
    if (block.type === 'tool_response' && content.speaker !== 'tool') {
      issues.push({ code: 'misplaced_block', index, blockIndex, message: `turn ${index}: tool_response in a ${content.speaker} turn (only tool turns answer calls)` });
    }
  });
}

function checkPairing(history: readonly IContent[], issues: ContentIssue[]): void {
  let open = new Map<string, number>();
  const answered = new Set<string>();
  const closeOpen = (): void => {
    for (const [id, index] of open) {
      issues.push({ code: 'orphan_call', index, message: `turn ${index}: tool call ${id} has no response before the next turn` });
    }
    open = new Map();
  };
  history.forEach((content, index) => {
    if (!Array.isArray(content.blocks)) return;
    if (content.speaker !== 'tool') closeOpen();
    content.blocks.forEach((block, blockIndex) => {
      if (block.type === 'tool_call') open.set(block.id, index);
      if (block.type !== 'tool_response') return;
      if (open.delete(block.callId)) {
        answered.add(block.callId);
      } else if (answered.has(block.callId)) {
        issues.push({ code: 'duplicate_response', index, blockIndex, message: `turn ${index}: second response to tool call ${block.callId}` });
      } else {
        issues.push({ code: 'orphan_response', index, blockIndex, message: `turn ${index}: response to unknown or earlier tool call ${block.callId}` });
      }
    });
  });
  closeOpen();
}

/**
 * Checks a history is fit to send: known speakers, well-formed blocks, tool calls only in ai turns
 * and responses only in tool turns, and every tool call answered exactly once in the tool turns
 * that directly follow it.
 */
export function validateContent(history: readonly IContent[]): ContentValidation {
  const issues: ContentIssue[] = [];
  history.forEach((content, index) => checkTurnShape(content, index, issues));
  checkPairing(history, issues);
  return { valid: issues.length === 0, issues };
}
