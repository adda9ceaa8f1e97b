/**
 * Tool call ids: `hist_tool_<uuid-v4>` inside history, each provider's own format on the wire.
 * Ids coming from a provider are mapped deterministically (the same provider id always gives the same
 * history id) so re-reading a stream or a saved session is stable; the original id is kept in
 * `opaque.callId` and reused when the conversation goes back to the same API.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IContent, ToolCallBlock, WireApi } from './content.js';

const HISTORY_PREFIX = 'hist_tool_';
const HISTORY_ID = /^hist_tool_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fresh history tool id. */
export function newHistoryToolId(): string {
  return HISTORY_PREFIX + randomUUID();
}

/** Whether `id` has the history form `hist_tool_<uuid-v4>`. */
export function isHistoryToolId(id: string): boolean {
  return HISTORY_ID.test(id);
}

/**
 * The history id for a provider's tool call id. Deterministic: a hash shaped as a v4 uuid.
 * Ids already in history form pass through.
 */
export function historyToolIdFrom(providerId: string): string {
  if (isHistoryToolId(providerId)) return providerId;
  const hex = createHash('sha256').update(providerId).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${HISTORY_PREFIX}${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The uuid part of a history id without dashes (falls back to a hash for foreign ids). */
function compactUuid(historyId: string): string {
  const normalized = isHistoryToolId(historyId) ? historyId : historyToolIdFrom(historyId);
  return normalized.slice(HISTORY_PREFIX.length).replaceAll('-', '');
}

/**
 * The id to send to `api` for a tool call: the provider's original id when the call came from that
 * same API, otherwise one derived from the history id in the API's own shape
 * (Anthropic `toolu_…`, OpenAI `call_…`; Gemini accepts any string).
 */
export function providerToolIdFor(call: Pick<ToolCallBlock, 'id' | 'opaque'>, api: WireApi): string {
  if (call.opaque?.api === api && call.opaque.callId) return call.opaque.callId;
  if (api === 'openai-chat' && call.opaque?.api === 'openai-responses' && call.opaque.callId) {
    return call.opaque.callId;
  }
  if (api === 'openai-responses' && call.opaque?.api === 'openai-chat' && call.opaque.callId) {
    return call.opaque.callId;
  }
  switch (api) {
    case 'anthropic':
      return `toolu_${compactUuid(call.id)}`;
    case 'openai-chat':
    case 'openai-responses':
      return `call_${compactUuid(call.id)}`;
    case 'gemini':
      return call.id;
  }
}

/**
 * History id → wire id for every tool call in `history`, so converters can address tool responses
 * (which carry only the history id) with the id their call was sent under.
 */
export function buildToolIdMap(history: readonly IContent[], api: WireApi): Map<string, string> {
  const map = new Map<string, string>();
  for (const content of history) {
    for (const block of content.blocks) {
      if (block.type === 'tool_call') map.set(block.id, providerToolIdFor(block, api));
    }
  }
  return map;
}
