import type { ApiRejection } from './family-codec.js';

/** OpenAI's error `type` for each HTTP status (Chat Completions and Responses share the shape). */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  403: 'invalid_request_error',
  404: 'invalid_request_error',
  429: 'requests',
  500: 'server_error',
  503: 'server_error',
};

/** OpenAI's error JSON: `{ error: { message, type, param, code } }`. */
export function openAiErrorBody(rejection: ApiRejection): unknown {
  const type = ERROR_TYPES[rejection.status] ?? (rejection.status >= 500 ? 'server_error' : 'invalid_request_error');
  const code = rejection.code ?? (rejection.status === 429 ? 'rate_limit_exceeded' : null);
  return { error: { message: rejection.message, type, param: rejection.param ?? null, code } };
}

/** OpenAI's context-length error. */
export function openAiContextOverflow(estimated: number, window: number): ApiRejection {
  return {
    status: 400,
    code: 'context_length_exceeded',
    param: 'messages',
    message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${estimated} tokens. Please reduce the length of the messages.`,
  };
}
