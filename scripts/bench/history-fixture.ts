import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IContent } from '../../packages/core/src/content/content.js';

/**
 * About 1 MB of mixed code and prose as a conversation: real TypeScript sources of this repository
 * and the seed design documents, cut into turns of a few kilobytes with tool pairs between them.
 */
export function mixedHistory(root: string, targetBytes = 1024 * 1024): IContent[] {
  const sources = [
    'packages/core/src/agent/agent-session.ts',
    'packages/core/src/history/history-service.ts',
    'packages/core/src/policy/policy-engine.ts',
    'packages/core/src/tools/registry.ts',
    '../shared/DESIGN.md',
    '../shared/STYLE.md',
  ].map((file) => readFileSync(path.join(root, file), 'utf8'));
  const history: IContent[] = [];
  let bytes = 0;
  for (let index = 0; bytes < targetBytes; index += 1) {
    const text = sources[index % sources.length]!.slice(0, 4096);
    bytes += text.length;
    if (index % 3 === 0) history.push({ speaker: 'human', blocks: [{ type: 'text', text }] });
    else if (index % 3 === 1) history.push({ speaker: 'ai', blocks: [{ type: 'text', text }, { type: 'tool_call', id: `hist_tool_${index}`, name: 'read_file', parameters: { path: 'a.ts' } }] });
    else history.push({ speaker: 'tool', blocks: [{ type: 'tool_response', callId: `hist_tool_${index - 1}`, toolName: 'read_file', result: text }] });
  }
  return history;
}
