import type { IContent } from '../content/content.js';
import { repairContent } from '../content/repair-content.js';
import type { Summarizer } from '../history/history-service.js';
import { SUMMARY_INSTRUCTION } from '../history/summary-prompt.js';
import type { Provider } from '../providers/provider.js';

/** A summarizer that asks the active model, without tools, for the structured summary. */
export function summarizeWithModel(active: () => { provider: Provider; model: string }): Summarizer {
  return async (older: readonly IContent[], signal: AbortSignal) => {
    const { provider, model } = active();
    const history: IContent[] = [
      ...repairContent(older).history,
      { speaker: 'human', blocks: [{ type: 'text', text: SUMMARY_INSTRUCTION }] },
    ];
    let text = '';
    for await (const event of provider.stream({ model, history, toolChoice: 'none' }, signal)) {
      if (event.type === 'text_delta') text += event.text;
      if (event.type === 'finish') {
        const finished = event.content.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
        return finished || text;
      }
    }
    return text;
  };
}
