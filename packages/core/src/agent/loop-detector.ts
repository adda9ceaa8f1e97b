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
  /** Characters per text chunk compared for repetition (default 60). */
  textChunkSize?: number;
  /** Occurrences of one chunk, close together, that make a loop (default 10). */
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
  private text = '';
  private scanned = 0;
  private inCodeFence = false;
  private chunkPositions = new Map<string, number[]>();

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

  /** Records streamed text; returns a finding when one chunk keeps coming back close together. */
  recordText(delta: string): LoopFinding | undefined {
    this.text += delta;
    while (this.scanned + this.chunkSize <= this.text.length) {
      const chunk = this.text.slice(this.scanned, this.scanned + this.chunkSize);
      const finding = this.inspectChunk(chunk, this.scanned);
      if (finding) return finding;
      this.scanned += 1;
    }
    return undefined;
  }

  /** Forgets everything (a new model turn keeps call history; text restarts per turn). */
  resetText(): void {
    this.text = '';
    this.scanned = 0;
    this.inCodeFence = false;
    this.chunkPositions.clear();
  }

  reset(): void {
    this.calls = [];
    this.names = [];
    this.resetText();
  }

  private inspectChunk(chunk: string, position: number): LoopFinding | undefined {
    if (chunk.startsWith('```')) this.inCodeFence = !this.inCodeFence;
    // Code legitimately repeats (table rows, similar lines); only prose is checked.
    if (this.inCodeFence) return undefined;
    const positions = this.chunkPositions.get(chunk) ?? [];
    positions.push(position);
    this.chunkPositions.set(chunk, positions);
    if (positions.length < this.textRepetitions) return undefined;
    const recent = positions.slice(-this.textRepetitions);
    const span = recent[recent.length - 1]! - recent[0]!;
    const averageGap = span / (recent.length - 1);
    if (averageGap <= this.chunkSize * 3) {
      return { kind: 'repeated_text', detail: `the same text repeated ${recent.length} times: "${chunk.trim().slice(0, 40)}…"` };
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
