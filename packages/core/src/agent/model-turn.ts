import type { IContent, ToolCallBlock, Usage } from '../content/content.js';
import type { Provider, ProviderRequest } from '../providers/provider.js';
import { isProviderError, ProviderError } from '../providers/provider-error.js';
import type { AgentEvent } from './events.js';
import type { LoopDetector, LoopFinding } from './loop-detector.js';

/** How one streamed model response ended. */
export type ModelTurnResult =
  | { status: 'complete'; content: IContent; toolCalls: ToolCallBlock[]; usage: Usage | undefined }
  | { status: 'cancelled'; partial: IContent | undefined }
  | { status: 'loop'; finding: LoopFinding; partial: IContent | undefined }
  | { status: 'failed'; error: ProviderError; partial: IContent | undefined };

/** Appended to text that was cut off, so the model knows its last answer is incomplete. */
export const INTERRUPTED_TEXT_MARK = '\n\n[This response was interrupted by the user.]';

interface ModelTurnOptions {
  provider: Provider;
  request: ProviderRequest;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  loopDetector: LoopDetector | undefined;
}

/**
 * Streams one model response, forwarding deltas as agent events. Only a `finish` event yields
 * complete content; anything cut short keeps its text (marked) and drops half-received calls.
 */
export async function runModelTurn(options: ModelTurnOptions): Promise<ModelTurnResult> {
  const { provider, request, emit, loopDetector } = options;
  const local = new AbortController();
  const abort = () => local.abort(options.signal.reason);
  options.signal.addEventListener('abort', abort, { once: true });
  let text = '';
  let loop: LoopFinding | undefined;
  try {
    for await (const event of provider.stream(request, local.signal)) {
      switch (event.type) {
        case 'text_delta':
          text += event.text;
          emit({ type: 'text_delta', text: event.text });
          loop = loopDetector?.recordText(event.text);
          if (loop) {
            local.abort(new Error('loop detected'));
            return { status: 'loop', finding: loop, partial: partialContent(text, provider, request.model) };
          }
          break;
        case 'thinking_delta':
          if (event.text) emit({ type: 'thinking_delta', text: event.text });
          break;
        case 'retry':
          emit({ type: 'retry', attempt: event.attempt, delayMs: event.delayMs, reason: event.error.message });
          break;
        case 'error':
          emit({ type: 'error', message: event.error.message, kind: event.error.kind, recoverable: event.recoverable });
          break;
        case 'finish': {
          const content = stamp(event.content, provider, request.model, event.usage);
          const toolCalls = content.blocks.filter((block): block is ToolCallBlock => block.type === 'tool_call');
          return { status: 'complete', content, toolCalls, usage: event.usage };
        }
        default:
          break;
      }
    }
    throw new ProviderError({ kind: 'invalid_response', message: 'the stream ended without finishing the response', provider: provider.name });
  } catch (error) {
    const partial = partialContent(text, provider, request.model);
    if (options.signal.aborted) return { status: 'cancelled', partial };
    const classified = isProviderError(error)
      ? error
      : new ProviderError({ kind: 'invalid_response', message: error instanceof Error ? error.message : String(error), cause: error });
    if (classified.kind === 'cancelled') return { status: 'cancelled', partial };
    return { status: 'failed', error: classified, partial };
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}

function stamp(content: IContent, provider: Provider, model: string, usage: Usage | undefined): IContent {
  return {
    ...content,
    metadata: { timestamp: Date.now(), provider: provider.name, model, ...content.metadata, ...(usage ? { usage } : {}) },
  };
}

function partialContent(text: string, provider: Provider, model: string): IContent | undefined {
  if (text.trim() === '') return undefined;
  return {
    speaker: 'ai',
    blocks: [{ type: 'text', text: text + INTERRUPTED_TEXT_MARK }],
    metadata: { timestamp: Date.now(), provider: provider.name, model },
  };
}
