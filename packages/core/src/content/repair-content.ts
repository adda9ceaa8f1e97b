/**
 * Makes a history's tool pairing valid again after an interruption or a bad import: open calls get a
 * synthetic error response, responses without a call (or answering a call twice) are dropped.
 */
import type { IContent, ToolCallBlock, ToolResponseBlock } from './content.js';

/** The message the model reads for a call that never ran to completion. */
export const INTERRUPTED_TOOL_MESSAGE = 'The tool call was interrupted before it produced a result.';

/** What {@link repairContent} changed. */
export interface ContentRepair {
  history: IContent[];
  /** Responses added for calls without one. */
  closedCalls: string[];
  /** Call ids of responses removed because no open call matched them. */
  droppedResponses: string[];
}

function syntheticResponse(call: ToolCallBlock, message: string): ToolResponseBlock {
  return { type: 'tool_response', callId: call.id, toolName: call.name, error: message };
}

/**
 * Returns a copy of `history` whose tool calls each have exactly one response in the tool turns that
 * follow them. Missing responses are added (as `error: message`) to a synthetic tool turn placed
 * after the existing ones; stray responses are removed, and tool turns left empty disappear.
 */
export function repairContent(history: readonly IContent[], message = INTERRUPTED_TOOL_MESSAGE): ContentRepair {
  const out: IContent[] = [];
  const closedCalls: string[] = [];
  const droppedResponses: string[] = [];
  let open = new Map<string, ToolCallBlock>();

  const closeOpen = (): void => {
    if (open.size === 0) return;
    const blocks = [...open.values()].map((call) => syntheticResponse(call, message));
    closedCalls.push(...open.keys());
    out.push({ speaker: 'tool', blocks, metadata: { synthetic: true, timestamp: Date.now() } });
    open = new Map();
  };

  for (const content of history) {
    if (content.speaker !== 'tool') {
      closeOpen();
      out.push(content);
      for (const block of content.blocks) if (block.type === 'tool_call') open.set(block.id, block);
      continue;
    }
    const blocks = content.blocks.filter((block) => {
      if (block.type !== 'tool_response') return true;
      if (open.delete(block.callId)) return true;
      droppedResponses.push(block.callId);
      return false;
    });
    if (blocks.length > 0) out.push(blocks.length === content.blocks.length ? content : { ...content, blocks });
  }
  closeOpen();
  return { history: out, closedCalls, droppedResponses };
}
