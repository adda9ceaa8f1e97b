import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_QUEUE_TEXT } from './answer-plan.js';
import { startMockLlmServer } from './server.js';
import type { MockLlmServer } from './types.js';

let server: MockLlmServer;
beforeEach(async () => {
  server = await startMockLlmServer();
});
afterEach(async () => {
  await server.close();
});

async function anthropicText(): Promise<string> {
  const client = new Anthropic({ apiKey: 'test', baseURL: server.baseUrls.anthropic, maxRetries: 0 });
  const message = await client.messages
    .stream({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })
    .finalMessage();
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

async function openAiChatText(): Promise<string> {
  const client = new OpenAI({ apiKey: 'test', baseURL: server.baseUrls.openai, maxRetries: 0 });
  const stream = await client.chat.completions.create({ model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'hi' }] });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  return text;
}

async function openAiResponsesText(): Promise<string> {
  const client = new OpenAI({ apiKey: 'test', baseURL: server.baseUrls.openai, maxRetries: 0 });
  const response = await client.responses.stream({ model: 'gpt-5', input: 'hi' }).finalResponse();
  return response.output_text;
}

async function geminiText(): Promise<string> {
  const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.baseUrls.gemini } });
  let text = '';
  for await (const chunk of await client.models.generateContentStream({ model: 'gemini-2.5-pro', contents: 'hi' })) text += chunk.text ?? '';
  return text;
}

describe('mock LLM server', () => {
  it('serves scripted turns in order to whichever SDK asks, each parsing its own wire format', async () => {
    server.enqueue({ text: 'one for Claude, in chunks' }, { text: ['chat ', 'completions'] }, { text: 'responses api' }, { text: 'gemini here' });
    expect(await anthropicText()).toBe('one for Claude, in chunks');
    expect(await openAiChatText()).toBe('chat completions');
    expect(await openAiResponsesText()).toBe('responses api');
    expect(await geminiText()).toBe('gemini here');
    expect(server.requests.map((request) => request.family)).toEqual(['anthropic', 'openai-chat', 'openai-responses', 'gemini']);
    expect(server.requests[3]?.path).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
  });

  it('answers with a clear text turn when the script has run out', async () => {
    expect(await openAiChatText()).toBe(EMPTY_QUEUE_TEXT);
    expect(await geminiText()).toBe(EMPTY_QUEUE_TEXT);
  });
});
