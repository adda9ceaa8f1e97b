import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AnthropicStreamParser } from '../../packages/core/src/providers/anthropic/from-anthropic-stream.js';
import { GeminiStreamParser } from '../../packages/core/src/providers/gemini/from-gemini-stream.js';
import { OpenAiChatStreamParser } from '../../packages/core/src/providers/openai/from-openai-chat-stream.js';
import { OpenAiResponsesStreamParser } from '../../packages/core/src/providers/openai/from-openai-responses-stream.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';

export const name = 'providers-parse';
export const description = 'JSON-parse and run the stream parser over 1 MB of recorded SSE payloads per family (Anthropic, OpenAI chat, OpenAI Responses, Gemini); sample = the slowest family';
/** issue 3: parsing overhead per MB of streamed SSE, median ≤ 100 ms. */
export const budget: Budget = { maxMedianMs: 100 };

const MB = 1024 * 1024;
interface Parser { push(raw: never): unknown; end(): unknown }

function streams(root: string, family: string, skip: RegExp): string[][] {
  const folder = path.join(root, '..', 'shared', 'fixtures', 'provider-streams', family);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt') && !skip.test(file))
    .map((file) => readFileSync(path.join(folder, file), 'utf8').split('\n').map((line) => line.replace(/^data: /, '')).filter((line) => line.trim() !== ''));
}

function parseMegabyte(files: string[][], create: () => Parser): void {
  let bytes = 0;
  for (let index = 0; bytes < MB; index++) {
    const lines = files[index % files.length] ?? [];
    const parser = create();
    for (const line of lines) {
      bytes += line.length;
      parser.push(JSON.parse(line) as never);
    }
    parser.end();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function run(context: BenchContext): Promise<BenchSamples> {
  const origin = { provider: 'bench', model: 'bench' };
  // Streams that end in an error throw by design; they are left out of the throughput figure.
  const families = [
    { name: 'anthropic', files: streams(context.root, 'anthropic', /^$/), create: () => new AnthropicStreamParser(origin) },
    { name: 'openai-chat', files: streams(context.root, 'openai-chat', /error-mid-stream/), create: () => new OpenAiChatStreamParser(origin) },
    { name: 'openai-responses', files: streams(context.root, 'openai-responses', /error|failed/), create: () => new OpenAiResponsesStreamParser(origin) },
    { name: 'gemini', files: streams(context.root, 'gemini', /^$/), create: () => new GeminiStreamParser(origin) },
  ];
  for (const family of families) parseMegabyte(family.files, family.create);
  const each = new Map(families.map((family) => [family.name, [] as number[]]));
  const samples: number[] = [];
  for (let index = 0; index < Math.max(context.runs, 10); index++) {
    let slowest = 0;
    for (const family of families) {
      const start = process.hrtime.bigint();
      parseMegabyte(family.files, family.create);
      const ms = elapsedMs(start);
      each.get(family.name)?.push(ms);
      slowest = Math.max(slowest, ms);
    }
    samples.push(slowest);
  }
  const medians = [...each].map(([name, values]) => `${name} ${median(values).toFixed(1)} ms`).join(', ');
  return { samples, note: `in-process; JSON.parse of each data payload included, HTTP and the SDK not; medians per MB: ${medians}` };
}
