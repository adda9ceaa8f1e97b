/**
 * Notices when the model is stuck: the same tool call again and again, a short cycle of calls
 * repeating, or the same stretch of text streamed over and over. Calls are compared by name and
 * canonical arguments, so a long shared prefix in otherwise different calls never counts.
 */

export interface LoopDetectorOptions {
  /** Identical consecutive calls that make a loop (default 5). */
  repeatedCallThreshold?: number;
  /** Full repetitions of a 2–4 call cycle that make a loop (default 3). */
  cycleRepetitions?: number;
  /** A segment without a sentence end is cut at four times this many characters (default 60). */
  textChunkSize?: number;
  /** Occurrences of one sentence, close together, that make a loop (default 10). */
  textRepetitions?: number;
}

export interface LoopFinding {
  kind: 'repeated_call' | 'cycle' | 'repeated_text';
  detail: string;
}

const MAX_CYCLE = 4;

/** One detector per `send()`; call `reset()` when the user says to go on regardless. */
export class LoopDetector {
  private readonly callThreshold: number;
  private readonly cycleRepetitions: number;
  private readonly chunkSize: number;
  private readonly textRepetitions: number;
  private calls: string[] = [];
  private names: string[] = [];
  private pending = '';
  private segments = 0;
  private inCodeFence = false;
  private readonly segmentPositions = new Map<string, number[]>();

  constructor(options: LoopDetectorOptions = {}) {
    this.callThreshold = options.repeatedCallThreshold ?? 5;
    this.cycleRepetitions = options.cycleRepetitions ?? 3;
    this.chunkSize = options.textChunkSize ?? 60;
    this.textRepetitions = options.textRepetitions ?? 10;
  }

  /** Records a tool call; returns a finding when the calls so far form a loop. */
  recordCall(name: string, args: unknown): LoopFinding | undefined {
    this.calls.push(`${name}:${canonicalJson(args)}`);
    this.names.push(name);
    if (this.calls.length > 64) {
      this.calls.splice(0, this.calls.length - 64);
      this.names.splice(0, this.names.length - 64);
    }
    const repeated = this.trailingRepeats(1);
    if (repeated >= this.callThreshold) {
      return { kind: 'repeated_call', detail: `${name} was called ${repeated} times in a row with the same arguments` };
    }
    for (let length = 2; length <= MAX_CYCLE; length += 1) {
      if (this.trailingRepeats(length) >= this.cycleRepetitions && !this.cycleIsOneCall(length)) {
        const cycle = this.names.slice(-length).join(' → ');
        return { kind: 'cycle', detail: `the calls ${cycle} repeated ${this.cycleRepetitions} times` };
      }
    }
    return undefined;
  }

  /**
   * Records streamed text; returns a finding when one sentence (or line) keeps coming back close
   * together. Text is judged per completed segment, so each streamed character costs O(1).
   */
  recordText(delta: string): LoopFinding | undefined {
    for (let index = 0; index < delta.length; index += 1) {
      const character = delta[index]!;
      this.pending += character;
      const boundary = character === '\n' || ((character === '.' || character === '!' || character === '?') && /\s|$/.test(delta[index + 1] ?? ' '));
      if (boundary || this.pending.length >= this.chunkSize * 4) {
        const finding = this.inspectSegment(this.pending);
        this.pending = '';
        if (finding) return finding;
      }
    }
    return undefined;
  }

  /** Forgets the text seen so far (each model turn starts afresh); call history is kept. */
  resetText(): void {
    this.pending = '';
    this.segments = 0;
    this.inCodeFence = false;
    this.segmentPositions.clear();
  }

  reset(): void {
    this.calls = [];
    this.names = [];
    this.resetText();
  }

  private inspectSegment(raw: string): LoopFinding | undefined {
    const segment = raw.trim();
    if (segment.startsWith('```')) this.inCodeFence = !this.inCodeFence;
    // Code and short fragments (list bullets, "Done.") legitimately repeat; only prose is judged.
    if (this.inCodeFence || segment.length < 20) return undefined;
    this.segments += 1;
    const positions = this.segmentPositions.get(segment) ?? [];
    positions.push(this.segments);
    if (positions.length > this.textRepetitions) positions.shift();
    this.segmentPositions.set(segment, positions);
    if (positions.length < this.textRepetitions) return undefined;
    // Close together: the repeats fill most of the recent segments, not one line per page.
    const span = positions[positions.length - 1]! - positions[0]! + 1;
    if (span <= this.textRepetitions * 3) {
      return { kind: 'repeated_text', detail: `the same text repeated ${positions.length} times: "${segment.slice(0, 40)}…"` };
    }
    return undefined;
  }

  /** How many times the last `length` calls repeat back to back at the end of the history. */
  private trailingRepeats(length: number): number {
    const calls = this.calls;
    if (calls.length < length) return 0;
    const pattern = calls.slice(-length);
    let repeats = 0;
    for (let end = calls.length; end - length >= 0; end -= length) {
      const window = calls.slice(end - length, end);
      if (!window.every((call, index) => call === pattern[index])) break;
      repeats += 1;
    }
    return repeats;
  }

  private cycleIsOneCall(length: number): boolean {
    const pattern = this.calls.slice(-length);
    return pattern.every((call) => call === pattern[0]);
  }
}

/** JSON with object keys sorted, so argument order never hides a repeat. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
      return sorted;
    }
    return inner;
  });
}
