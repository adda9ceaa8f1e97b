import type { IContent, ThinkingBlock } from '../../packages/core/src/index.js';
import { toAnthropicRequest } from '../../packages/core/src/providers/anthropic/to-anthropic-request.js';
import { toGeminiRequest } from '../../packages/core/src/providers/gemini/to-gemini-request.js';
import { toOpenAiChatRequest } from '../../packages/core/src/providers/openai/to-openai-chat-request.js';
import { toOpenAiResponsesRequest } from '../../packages/core/src/providers/openai/to-openai-responses-request.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';

export const name = 'providers-convert';
export const description = 'convert a 2,000-message history (text, thinking, parallel tool pairs, images) to the Anthropic, OpenAI chat, OpenAI Responses and Gemini wire formats; sample = the slowest of the four';
/** issue 3: converting a 2,000-message history to each wire format, median ≤ 20 ms. */
export const budget: Budget = { maxMedianMs: 20 };

/** Alternately Anthropic-signed and OpenAI-Responses-encrypted reasoning, so each side has some of its own. */
function thinkingBlock(index: number): ThinkingBlock {
  return index % 2 === 0
    ? { type: 'thinking', text: 'thinking '.repeat(30), signature: 'sig'.repeat(40), opaque: { api: 'anthropic' } }
    : { type: 'thinking', text: 'thinking '.repeat(30), opaque: { api: 'openai-responses', encryptedContent: 'enc'.repeat(400) } };
}

function history(): IContent[] {
  const turns: IContent[] = [];
  for (let index = 0; turns.length < 2000; index++) {
    const a = `hist_tool_${String(index).padStart(8, '0')}-0000-4000-8000-000000000000`;
    const b = `hist_tool_${String(index).padStart(8, '0')}-1111-4111-8111-111111111111`;
    turns.push(
      { speaker: 'human', blocks: [{ type: 'text', text: `Question ${index}: ${'lorem ipsum '.repeat(20)}` }, ...(index % 50 === 0 ? [{ type: 'media' as const, mimeType: 'image/png', data: 'iVBORw0KGgo'.repeat(50), encoding: 'base64' as const }] : [])] },
      { speaker: 'ai', blocks: [thinkingBlock(index), { type: 'text', text: 'Let me look.' }, { type: 'tool_call', id: a, name: 'read_file', parameters: { path: `src/file-${index}.ts` } }, { type: 'tool_call', id: b, name: 'grep', parameters: { pattern: 'foo', path: 'src' } }] },
      { speaker: 'tool', blocks: [{ type: 'tool_response', callId: a, toolName: 'read_file', result: 'export const x = 1;\n'.repeat(20) }, { type: 'tool_response', callId: b, toolName: 'grep', result: { matches: 3 } }] },
      { speaker: 'ai', blocks: [{ type: 'text', text: `Answer ${index}. ${'dolor sit amet '.repeat(30)}` }] },
    );
  }
  return turns.slice(0, 2000);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function run(context: BenchContext): Promise<BenchSamples> {
  const request = { model: 'bench-model', history: history(), systemPrompt: 'You are alfred.', tools: [{ name: 'read_file', description: 'read', parameters: { type: 'object' } }] };
  const converters = {
    anthropic: () => toAnthropicRequest(request),
    'openai-chat': () => toOpenAiChatRequest(request),
    'openai-responses': () => toOpenAiResponsesRequest(request),
    gemini: () => toGeminiRequest(request),
  };
  const each = Object.fromEntries(Object.keys(converters).map((key) => [key, [] as number[]]));
  for (let warmup = 0; warmup < 3; warmup++) for (const convert of Object.values(converters)) convert();
  const samples: number[] = [];
  for (let index = 0; index < Math.max(context.runs, 20); index++) {
    let slowest = 0;
    for (const [key, convert] of Object.entries(converters)) {
      const start = process.hrtime.bigint();
      convert();
      const ms = elapsedMs(start);
      each[key]?.push(ms);
      slowest = Math.max(slowest, ms);
    }
    samples.push(slowest);
  }
  const medians = Object.entries(each).map(([key, values]) => `${key} ${median(values).toFixed(1)} ms`).join(', ');
  return { samples, note: `in-process, pure converters; 2,000 turns with 1,000 tool pairs and 13 images; medians: ${medians}` };
}
