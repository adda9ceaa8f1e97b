import { z } from 'zod';
import { setting } from './setting.js';

/** One provider's connection settings. */
export const providerSettingsSchema = z
  .object({
    apiKey: z.string().min(1).optional().describe('API key. Prefer `alfred auth set`, a key file or `$VAR` over a literal key.'),
    apiKeyFile: z.string().min(1).optional().describe('File holding the API key (first line, `~` expands).'),
    baseUrl: z.url().optional().describe('Base URL of the API, for OpenAI-compatible servers and proxies.'),
    model: z.string().min(1).optional().describe("Default model for this provider."),
    fallbackModel: z.string().min(1).optional().describe('Model used after repeated quota errors.'),
    api: z
      .enum(['anthropic', 'openai-chat', 'openai-responses', 'gemini'])
      .optional()
      .describe('Wire API of this provider: needed for a custom name (an OpenAI-compatible server is `openai-chat`); `openai-responses` selects the Responses API for OpenAI.'),
    contextWindow: z.number().int().positive().optional().describe('Context window in tokens, for models alfred does not know.'),
    maxOutputTokens: z.number().int().positive().optional().describe('Output limit in tokens, for models alfred does not know.'),
  })
  .strict();

/** `providers.<name>`: per-provider keys, endpoints and models. */
export const providersSetting = setting(z.record(z.string().min(1), providerSettingsSchema), {
  default: {},
  description: 'Per-provider settings, keyed by provider name (`anthropic`, `openai`, `gemini`, or any OpenAI-compatible name).',
  merge: 'deep',
});
