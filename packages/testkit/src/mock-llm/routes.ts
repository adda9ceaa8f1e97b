import type { IncomingHttpHeaders } from 'node:http';
import type { Family } from './types.js';

/** What a provider request asks for. */
export type RouteKind = 'generate' | 'count_tokens' | 'list_models' | 'get_model';

/** A provider endpoint matched from method and path. */
export interface Route {
  family: Family;
  kind: RouteKind;
  /** Gemini carries the model in the path; the others in the body. */
  model?: string;
  /** Gemini decides streaming by the path; the others by `stream: true` in the body. */
  streamByPath?: boolean;
}

const GEMINI_ACTION = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/;
const GEMINI_MODEL = /^\/v1beta\/models\/([^/:]+)$/;
const V1_MODEL = /^\/v1\/models\/([^/]+)$/;

/** `/v1/models` is shared by Anthropic and OpenAI: the Anthropic SDK always sends `anthropic-version`. */
function v1Family(headers: IncomingHttpHeaders): Family {
  return headers['anthropic-version'] !== undefined || headers['x-api-key'] !== undefined ? 'anthropic' : 'openai-chat';
}

function postRoute(pathname: string): Route | undefined {
  if (pathname === '/v1/messages') return { family: 'anthropic', kind: 'generate' };
  if (pathname === '/v1/messages/count_tokens') return { family: 'anthropic', kind: 'count_tokens' };
  if (pathname === '/v1/chat/completions') return { family: 'openai-chat', kind: 'generate' };
  if (pathname === '/v1/responses') return { family: 'openai-responses', kind: 'generate' };
  const gemini = GEMINI_ACTION.exec(pathname);
  if (!gemini) return undefined;
  const [, model = '', action] = gemini;
  if (action === 'countTokens') return { family: 'gemini', kind: 'count_tokens', model: decodeURIComponent(model) };
  return { family: 'gemini', kind: 'generate', model: decodeURIComponent(model), streamByPath: action === 'streamGenerateContent' };
}

function getRoute(pathname: string, headers: IncomingHttpHeaders): Route | undefined {
  if (pathname === '/v1/models') return { family: v1Family(headers), kind: 'list_models' };
  if (pathname === '/v1beta/models') return { family: 'gemini', kind: 'list_models' };
  const v1 = V1_MODEL.exec(pathname);
  if (v1) return { family: v1Family(headers), kind: 'get_model', model: decodeURIComponent(v1[1] ?? '') };
  const gemini = GEMINI_MODEL.exec(pathname);
  if (gemini) return { family: 'gemini', kind: 'get_model', model: decodeURIComponent(gemini[1] ?? '') };
  return undefined;
}

/** Matches a provider endpoint, or `undefined` for anything else. */
export function matchRoute(method: string, pathname: string, headers: IncomingHttpHeaders): Route | undefined {
  if (method === 'POST') return postRoute(pathname);
  if (method === 'GET') return getRoute(pathname, headers);
  return undefined;
}
