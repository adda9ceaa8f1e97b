import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FAMILIES, type Family, type SseEvent } from './types.js';

/** A recorded stream ready to send: its family and its events, framed as the provider frames them. */
export interface RecordedStream {
  family: Family;
  events: SseEvent[];
}

/** The family a payload belongs to, judged by its fields, for files outside a family folder. */
function sniffFamily(payload: Record<string, unknown>): Family | undefined {
  const type = typeof payload.type === 'string' ? payload.type : '';
  if (type.startsWith('response.')) return 'openai-responses';
  if (type.startsWith('message_') || type.startsWith('content_block_')) return 'anthropic';
  if (payload.object === 'chat.completion.chunk' || Array.isArray(payload.choices)) return 'openai-chat';
  if ('candidates' in payload || 'usageMetadata' in payload || 'promptFeedback' in payload) return 'gemini';
  return undefined;
}

function familyOfFolder(file: string): Family | undefined {
  const folder = path.basename(path.dirname(file));
  return FAMILIES.find((family) => family === folder);
}

/**
 * Reads a recorded stream file: one JSON payload per line (a leading `data: ` and blank lines are
 * tolerated). The family comes from `family`, else the folder name, else the payloads' fields.
 * Anthropic and Responses events get their `event:` line back from the payload's `type`.
 */
export async function loadRecordedStream(file: string, family?: Family): Promise<RecordedStream> {
  const text = await readFile(file, 'utf8');
  const payloads: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.startsWith('data:') ? rawLine.slice(5).trim() : rawLine.trim();
    if (line !== '') payloads.push(line);
  }
  const parsed = payloads.map((line, index) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`mock-llm: ${file} line ${index + 1} is not JSON: ${(error as Error).message}`);
    }
  });
  const resolved = family ?? familyOfFolder(file) ?? parsed.map(sniffFamily).find((found) => found !== undefined);
  if (!resolved) throw new Error(`mock-llm: cannot tell the API family of ${file}; put it in a family folder or set "family"`);
  const typed = resolved === 'anthropic' || resolved === 'openai-responses';
  const events = payloads.map((data, index): SseEvent => {
    const type = parsed[index]?.type;
    return typed && typeof type === 'string' ? { event: type, data } : { data };
  });
  return { family: resolved, events };
}
