import { AgentSession } from '../../packages/core/src/agent/agent-session.js';
import { HistoryService } from '../../packages/core/src/history/history-service.js';
import type { Provider, ProviderRequest } from '../../packages/core/src/providers/provider.js';
import type { StreamEvent } from '../../packages/core/src/providers/stream-event.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { elapsedMs } from './lib/measure.js';

export const name = 'agent-loop-overhead';
export const description = "the turn loop's cost per streamed text delta (loop detection on), beyond iterating the provider's stream";
/** issue 4: loop overhead per streamed event ≤ 20 µs. */
export const budget: Budget = { maxMedianMs: 0.02 };

const EVENTS = 20_000;

function streamingProvider(): Provider {
  return {
    name: 'bench',
    api: 'anthropic',
    async *stream(_request: ProviderRequest): AsyncIterable<StreamEvent> {
      let text = '';
      for (let index = 0; index < EVENTS; index += 1) {
        const piece = `word${index % 997} `;
        text += piece;
        yield { type: 'text_delta', text: piece };
      }
      yield { type: 'finish', reason: { unified: 'stop', raw: 'end_turn' }, content: { speaker: 'ai', blocks: [{ type: 'text', text }] } };
    },
  };
}

async function rawIteration(provider: Provider): Promise<number> {
  const start = process.hrtime.bigint();
  for await (const event of provider.stream({ model: 'm', history: [] }, new AbortController().signal)) void event;
  return elapsedMs(start);
}

async function loopIteration(provider: Provider): Promise<number> {
  const session = new AgentSession({
    history: new HistoryService({ contextWindow: 10_000_000 }),
    activeModel: () => ({ provider, model: 'm', contextWindow: 10_000_000 }),
    toolbox: { declarations: () => [], prepare: () => ({ error: 'none' }) },
    gate: { check: async () => ({ decision: 'allow' }), remember: () => undefined },
    systemPrompt: async () => 'bench',
  });
  const start = process.hrtime.bigint();
  for await (const event of session.send('go')) void event;
  return elapsedMs(start);
}

export async function run(context: BenchContext): Promise<BenchSamples> {
  const provider = streamingProvider();
  await loopIteration(provider);
  const samples: number[] = [];
  for (let index = 0; index < Math.max(context.runs, 10); index += 1) {
    const raw = await rawIteration(provider);
    const loop = await loopIteration(provider);
    samples.push(Math.max(0, loop - raw) / EVENTS);
  }
  return { samples, note: `${EVENTS} text deltas per run; sample = (loop time − raw stream time) / events, in ms` };
}
