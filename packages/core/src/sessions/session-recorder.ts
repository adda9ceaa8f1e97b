/**
 * Records one session as it happens. It watches the HistoryService (every added, compressed or
 * truncated entry is written the moment it changes) and consumes the agent's event stream (streamed
 * text, model changes and confirmation decisions). Recording never throws into the session: a
 * failed write turns it off with a warning.
 */
import type { AgentEvent } from '../agent/events.js';
import type { IContent } from '../content/content.js';
import type { HistoryService } from '../history/history-service.js';
import { diffHistory } from './history-diff.js';
import type { ReplaceReason, SessionRecord, SessionRecords, TitleSource } from './session-records.js';
import { promptText } from './session-summary.js';
import { cleanTitle, type TitleGenerator } from './session-title.js';
import type { SessionWriter } from './session-writer.js';

/** What {@link SessionRecorder} is built from (the store creates recorders; callers rarely do). */
export interface SessionRecorderOptions {
  id: string;
  writer: SessionWriter;
  /** For a resumed or forked session: what the file holds, and what the history should start as. */
  initial?: { onDisk: IContent[]; history: IContent[] };
  titleGenerator?: TitleGenerator;
  /** The session already has a title (generated or given): do not generate another. */
  titled?: boolean;
  lastModel?: { provider?: string; model?: string };
}

function reasonFor(start: number, end: number, entries: readonly IContent[]): ReplaceReason {
  if (entries.some((entry) => entry.metadata?.isSummary)) return 'compressed';
  if (entries.length === 0) return 'truncated';
  return end - start === entries.length ? 'repaired' : 'rewritten';
}

function answerText(content: IContent): string {
  return content.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('').trim();
}

/** Records one session to its file. Get one from `SessionStore.create()`, `resume()` or `fork()`. */
export class SessionRecorder {
  readonly id: string;
  private readonly writer: SessionWriter;
  private recorded: IContent[] = [];
  private initial: SessionRecorderOptions['initial'];
  private detach: (() => void) | undefined;
  private history: HistoryService | undefined;
  private readonly calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  private readonly titleGenerator: TitleGenerator | undefined;
  private titled: boolean;
  private titling: Promise<void> | undefined;
  private readonly titleAbort = new AbortController();
  private lastModel: { provider?: string; model?: string };

  constructor(options: SessionRecorderOptions) {
    this.id = options.id;
    this.writer = options.writer;
    this.initial = options.initial;
    this.titleGenerator = options.titleGenerator;
    this.titled = options.titled ?? false;
    this.lastModel = options.lastModel ?? {};
  }

  /** The session file. */
  get file(): string {
    return this.writer.file;
  }

  /** False once a write failed (see {@link warning}) or the recorder was closed. */
  get recording(): boolean {
    return this.writer.enabled;
  }

  /** Why recording stopped, to show the user. */
  get warning(): string | undefined {
    return this.writer.warning;
  }

  /**
   * Binds the recorder to `history`: a resumed or forked session's conversation is loaded into it,
   * and from then on every change to it is recorded. Returns a function that stops watching.
   */
  attach(history: HistoryService): () => void {
    this.detach?.();
    if (this.initial) {
      history.replaceRange(0, history.length, this.initial.history);
      this.recorded = [...this.initial.onDisk];
      this.initial = undefined;
    }
    this.history = history;
    const unsubscribe = history.onTokensUpdated(() => this.sync());
    this.sync();
    this.detach = () => {
      unsubscribe();
      this.history = undefined;
      this.detach = undefined;
    };
    return this.detach;
  }

  /** Records what an agent event adds to the session (the history itself is watched directly). */
  record(event: AgentEvent): void {
    this.sync();
    switch (event.type) {
      case 'text_delta':
        if (event.text !== '') this.append('partial', { text: event.text });
        break;
      case 'turn_start':
        if (event.provider !== this.lastModel.provider || event.model !== this.lastModel.model) {
          this.lastModel = { provider: event.provider, model: event.model };
          this.append('model', { provider: event.provider, model: event.model });
        }
        break;
      case 'tool_call':
        this.calls.set(event.call.id, { name: event.call.name, args: event.call.args });
        break;
      case 'tool_confirmation_result': {
        const call = this.calls.get(event.callId);
        this.append('decision', {
          callId: event.callId,
          tool: call?.name ?? 'unknown',
          args: call?.args ?? {},
          outcome: event.outcome,
          decidedBy: event.decidedBy,
        });
        break;
      }
      case 'error':
        this.append('error', { message: event.message });
        break;
      case 'done':
        this.writer.sync();
        break;
      default:
        break;
    }
  }

  /** Passes `events` through unchanged, recording each: `for await (const e of recorder.track(session.send(p)))`. */
  async *track(events: AsyncIterable<AgentEvent>): AsyncIterable<AgentEvent> {
    for await (const event of events) {
      this.record(event);
      yield event;
    }
  }

  /** Sets the title; a user's title (the default) is never replaced by a generated one. */
  setTitle(title: string, source: TitleSource = 'user'): string {
    const clean = cleanTitle(title);
    if (clean === '') throw new Error('a session title cannot be empty');
    this.titled = true;
    if (source === 'user') this.titleAbort.abort();
    this.append('title', { title: clean, source });
    return clean;
  }

  /** Resolves when a title generation that is running has finished (or failed). */
  async titleSettled(): Promise<void> {
    await this.titling;
  }

  /** Writes what the history holds now. Called on every history change; safe to call any time. */
  sync(): void {
    if (!this.history) return;
    const current = this.history.list();
    const change = diffHistory(this.recorded, current);
    if (change.replaced) {
      const { start, end, entries } = change.replaced;
      this.append('replace', { start, end, entries, reason: reasonFor(start, end, entries) });
    }
    for (const content of change.appended) this.append('entry', { content });
    if (change.replaced || change.appended.length > 0) {
      this.recorded = [...current];
      this.maybeGenerateTitle();
    }
  }

  /** Stops recording and closes the file. */
  close(): void {
    this.sync();
    this.detach?.();
    this.titleAbort.abort();
    this.writer.sync();
    this.writer.close();
  }

  private append<K extends keyof SessionRecords>(type: K, payload: SessionRecords[K]): void {
    this.writer.append({ type, ts: Date.now(), ...payload } as SessionRecord);
  }

  private maybeGenerateTitle(): void {
    if (this.titled || this.titling || !this.titleGenerator) return;
    const promptIndex = this.recorded.findIndex((entry) => promptText(entry) !== undefined);
    if (promptIndex === -1) return;
    const answer = this.recorded.slice(promptIndex + 1).find((entry) => entry.speaker === 'ai' && answerText(entry) !== '');
    if (!answer) return;
    const exchange = { prompt: promptText(this.recorded[promptIndex]!)!, answer: answerText(answer) };
    const generator = this.titleGenerator;
    this.titling = (async () => {
      try {
        const title = await generator(exchange, this.titleAbort.signal);
        if (!this.titled && !this.titleAbort.signal.aborted && cleanTitle(title) !== '') this.setTitle(title, 'generated');
      } catch {
        // A failed title call leaves the fallback title from the first prompt; nothing else depends on it.
      }
    })();
  }
}
