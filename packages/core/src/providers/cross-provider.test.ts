import { startMockLlmServer, type MockLlmServer } from '@alfred/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IContent, ToolCallBlock } from '../content/content.js';
import { repairContent } from '../content/repair-content.js';
import { validateContent } from '../content/validate-content.js';
import { ProviderManager } from './manager.js';
import type { StreamEvent } from './stream-event.js';

const PROVIDERS = { anthropic: 'claude-sonnet-4-6', openai: 'gpt-5', 'openai-responses': 'gpt-5', gemini: 'gemini-3-pro-preview' } as const;
type Name = keyof typeof PROVIDERS;
/** The endpoint each provider must have hit (the mock validates requests by it). */
const FAMILY: Record<Name, string> = { anthropic: 'anthropic', openai: 'openai-chat', 'openai-responses': 'openai-responses', gemini: 'gemini' };
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TOOLS = ['read_file', 'ls', 'grep'].map((name) => ({ name, description: name, parameters: { type: 'object', properties: { path: { type: 'string' } } } }));

let mock: MockLlmServer;
beforeAll(async () => {
  mock = await startMockLlmServer();
});
afterAll(async () => mock.close());
beforeEach(() => mock.reset());

function manager(name: Name): ProviderManager {
  return new ProviderManager({
    provider: name,
    model: PROVIDERS[name],
    env: { ANTHROPIC_API_KEY: 'k-anthropic', OPENAI_API_KEY: 'k-openai', GEMINI_API_KEY: 'k-gemini', ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, OPENAI_BASE_URL: mock.baseUrls.openai, GOOGLE_GEMINI_BASE_URL: mock.baseUrls.gemini },
    providers: { 'openai-responses': { api: 'openai-responses', apiKey: 'k-openai', baseUrl: mock.baseUrls.openai } },
    retry: { maxAttempts: 1 },
  });
}

async function turn(name: Name, history: IContent[]): Promise<IContent> {
  let finished: IContent | undefined;
  for await (const event of manager(name).stream({ history, tools: TOOLS, systemPrompt: 'sys', settings: { thinking: { enabled: true } } }, new AbortController().signal) as AsyncIterable<StreamEvent>) {
    if (event.type === 'finish') finished = event.content;
  }
  if (!finished) throw new Error('no finish');
  return finished;
}

function answer(content: IContent): IContent {
  const calls = content.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
  return { speaker: 'tool', blocks: calls.map((call) => ({ type: 'tool_response', callId: call.id, toolName: call.name, result: { lines: 3 } })) };
}

describe('a conversation that switches provider halfway', () => {
  const names = Object.keys(PROVIDERS) as Name[];
  for (const first of names) {
    for (const second of names) {
      if (first === second) continue;
      it(`continues on ${second} after ${first}: thinking, text, image, single and parallel tool pairs, an interrupted call`, async () => {
        const history: IContent[] = [{ speaker: 'human', blocks: [{ type: 'text', text: 'look at this' }, { type: 'media', mimeType: 'image/png', data: PNG, encoding: 'base64' }] }];
        mock.enqueue({ thinking: { text: 'plan', signature: `sig-${first}` }, text: 'Reading both.', toolCalls: [{ name: 'read_file', arguments: { path: 'a' } }, { name: 'ls', arguments: { path: '.' } }] });
        const parallel = await turn(first, history);
        history.push(parallel, answer(parallel));
        mock.enqueue({ toolCalls: [{ name: 'grep', arguments: { path: 'src' } }] });
        const single = await turn(first, history);
        history.push(single, answer(single));
        mock.enqueue({ toolCalls: [{ name: 'read_file', arguments: { path: 'b' } }] });
        history.push(await turn(first, history));
        // The user cancelled before the last call ran: repair closes it.
        const repaired = repairContent(history, 'cancelled by the user').history;
        repaired.push({ speaker: 'human', blocks: [{ type: 'text', text: 'now summarise' }] });
        expect(validateContent(repaired).valid).toBe(true);

        mock.enqueue({ text: `answered by ${second}` });
        const continued = await turn(second, repaired);
        expect(continued.blocks).toMatchObject([{ type: 'text', text: `answered by ${second}` }]);
        const sent = mock.requests.at(-1);
        expect(sent?.family).toBe(FAMILY[second]);
        expect(JSON.stringify(sent?.body)).not.toContain(`sig-${first}`);
      });
    }
  }
});
