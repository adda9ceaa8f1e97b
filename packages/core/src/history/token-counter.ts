import type { ContentBlock, IContent } from '../content/content.js';

/** Counts tokens of text for one model family. `count` is synchronous so it can run per block. */
export interface TokenCounter {
  /** `exact` when a real tokenizer for the model family is loaded, else `estimate`. */
  readonly accuracy: 'exact' | 'estimate';
  count(text: string): number;
}

/** Fixed cost of an image in the prompt; providers bill images far below their byte size. */
const MEDIA_TOKENS = 1_500;
/** Per-turn framing (role markers, separators) that every provider adds. */
const TURN_OVERHEAD = 4;

/**
 * A calibrated estimate for model families without a local tokenizer (Claude, Gemini, local
 * models). ASCII text averages about 4 characters per token across code and English prose; other
 * scripts are closer to one token per character. It errs on the high side, which is the safe side
 * for deciding when to compress.
 */
export const estimatingCounter: TokenCounter = {
  accuracy: 'estimate',
  count(text: string): number {
    let ascii = 0;
    let other = 0;
    for (let index = 0; index < text.length; index += 1) {
      if (text.charCodeAt(index) < 128) ascii += 1;
      else other += 1;
    }
    return Math.ceil(ascii / 4 + other);
  },
};

/** Model families whose tokenizer ships in `gpt-tokenizer`. */
export function openAiEncodingFor(model: string): 'o200k_base' | 'cl100k_base' | undefined {
  const name = model.toLowerCase();
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o|gpt-oss)/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return undefined;
}

/**
 * The best counter for a model: the real BPE tokenizer for OpenAI families (loaded on first use,
 * since its tables are large), the calibrated estimate for everything else.
 */
export async function loadTokenCounter(model: string): Promise<TokenCounter> {
  const encoding = openAiEncodingFor(model);
  if (!encoding) return estimatingCounter;
  const module =
    encoding === 'o200k_base'
      ? await import('gpt-tokenizer/encoding/o200k_base')
      : await import('gpt-tokenizer/encoding/cl100k_base');
  return { accuracy: 'exact', count: (text: string) => module.countTokens(text) };
}

/**
 * Tokens of one block, cached by block identity: history blocks are immutable once added, so a
 * block is counted once however often the history is measured.
 */
export class BlockTokenCache {
  private cache = new WeakMap<ContentBlock, number>();

  constructor(private counter: TokenCounter) {}

  /** Switches the counter (a new model family); cached figures from the old one are dropped. */
  setCounter(counter: TokenCounter): void {
    if (counter === this.counter) return;
    this.counter = counter;
    this.cache = new WeakMap();
  }

  get accuracy(): 'exact' | 'estimate' {
    return this.counter.accuracy;
  }

  countText(text: string): number {
    return this.counter.count(text);
  }

  countBlock(block: ContentBlock): number {
    const cached = this.cache.get(block);
    if (cached !== undefined) return cached;
    const tokens = this.measure(block);
    this.cache.set(block, tokens);
    return tokens;
  }

  countContent(content: IContent): number {
    let total = TURN_OVERHEAD;
    for (const block of content.blocks) total += this.countBlock(block);
    return total;
  }

  private measure(block: ContentBlock): number {
    switch (block.type) {
      case 'text':
      case 'thinking':
        return this.counter.count(block.text);
      case 'tool_call':
        return this.counter.count(block.name) + this.counter.count(JSON.stringify(block.parameters)) + TURN_OVERHEAD;
      case 'tool_response': {
        const body = block.error ?? (typeof block.result === 'string' ? block.result : JSON.stringify(block.result ?? ''));
        return this.counter.count(body) + TURN_OVERHEAD;
      }
      case 'media':
        return block.encoding === 'url' ? this.counter.count(block.data) : MEDIA_TOKENS;
      case 'code':
        return this.counter.count(block.code) + (block.result ? this.counter.count(block.result) : 0);
    }
  }
}
