/**
 * Structured output on every provider: the schema becomes the one tool the model is forced to call
 * (supported alike by Anthropic, OpenAI and Gemini), and its arguments are validated by zod.
 */
import { z } from 'zod';
import type { IContent } from '../content/content.js';
import type { ProviderRequest } from './provider.js';
import { ProviderError } from './provider-error.js';
import type { StreamEvent } from './stream-event.js';

/** Anything that streams a request: a Provider, or the ProviderManager. */
export interface ObjectStreamer {
  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent>;
}

/** Options of {@link generateObject}. */
export interface GenerateObjectOptions<T> {
  schema: z.ZodType<T>;
  /** Names the forced tool; the model sees it. */
  name?: string;
  description?: string;
  model: string;
  history: readonly IContent[];
  systemPrompt?: string;
}

/** Asks the model for an object matching `schema`; throws a ProviderError listing what did not fit. */
export async function generateObject<T>(streamer: ObjectStreamer, options: GenerateObjectOptions<T>, signal: AbortSignal): Promise<T> {
  const name = options.name ?? 'respond';
  const parameters = z.toJSONSchema(options.schema, { target: 'draft-7' }) as Record<string, unknown>;
  delete parameters.$schema;
  const request: ProviderRequest = {
    model: options.model,
    history: options.history,
    ...(options.systemPrompt ? { systemPrompt: options.systemPrompt } : {}),
    tools: [{ name, description: options.description ?? 'Give the answer as this structured object.', parameters }],
    toolChoice: { name },
  };
  let answer: Record<string, unknown> | undefined;
  for await (const event of streamer.stream(request, signal)) {
    if (event.type === 'tool_call_end' && event.call.name === name) answer = event.call.parameters;
  }
  if (!answer) throw new ProviderError({ kind: 'invalid_response', retryable: false, message: `the model did not call ${name} with a structured answer` });
  const parsed = options.schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
  throw new ProviderError({ kind: 'invalid_response', retryable: false, message: `the structured answer does not fit the schema: ${problems}` });
}
