/**
 * A project's sessions: create, list, resume, fork, rename, archive and delete. Each session is its
 * own append-only file, so two alfred processes in one project never write the same file, and every
 * change (rename, archive) is a record appended to the session it concerns.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, unlinkSync } from 'node:fs';
import type { IContent } from '../content/content.js';
import { resolveAlfredPaths } from '../workspace/alfred-home.js';
import { recall, type RecallMatch, type RecallOptions } from './recall/recall.js';
import { refreshIndex } from './session-index.js';
import { loadSessionFile, type LoadedSession } from './load-session.js';
import { assertSessionId, resolveSessionPaths, sessionFile, type SessionPaths } from './session-paths.js';
import { SessionRecorder } from './session-recorder.js';
import { SESSION_FORMAT_VERSION, type ForkOrigin, type SessionRecord, type SessionRecords } from './session-records.js';
import { promptText, type SessionSummary } from './session-summary.js';
import { cleanTitle, type TitleGenerator } from './session-title.js';
import { SessionWriter, type RecordingWarning } from './session-writer.js';

/** Options of {@link SessionStore}. */
export interface SessionStoreOptions {
  paths: SessionPaths;
  /** Called after the first exchange of a new session; without it the first prompt is the title. */
  titleGenerator?: TitleGenerator;
  /** Told once per session when recording stops (a full disk); the session goes on. */
  onWarning?: RecordingWarning;
}

/** A session ready to continue: load it into the history with `recorder.attach(history)`. */
export interface ResumedSession {
  recorder: SessionRecorder;
  summary: SessionSummary;
  /** The conversation the history will hold once attached. */
  history: IContent[];
  /** What was repaired or skipped, for the user; empty when the file was clean. */
  notices: string[];
}

/** One prompt of a session, for choosing where to fork or rewind. */
export interface TurnInfo {
  /** 1-based. */
  turn: number;
  /** Index of the prompt in the history. */
  entryIndex: number;
  prompt: string;
}

/** What `list()` includes. */
export interface ListOptions {
  includeArchived?: boolean;
  /** Sessions with no entries yet (a process that stopped before its first prompt). */
  includeEmpty?: boolean;
}

/** The sessions of one project. */
export class SessionStore {
  readonly paths: SessionPaths;
  private readonly options: SessionStoreOptions;

  constructor(options: SessionStoreOptions) {
    this.options = options;
    this.paths = options.paths;
  }

  /** The store of the project at `projectRoot`, under `$ALFRED_HOME` from `env`. */
  static forProject(projectRoot: string, env: NodeJS.ProcessEnv = process.env, extra: Omit<SessionStoreOptions, 'paths'> = {}): SessionStore {
    return new SessionStore({ ...extra, paths: resolveSessionPaths(resolveAlfredPaths(env), projectRoot) });
  }

  /** Starts a new session file and returns its recorder; `recorder.attach(history)` starts recording. */
  create(options: { provider?: string; model?: string } = {}): SessionRecorder {
    const { id, writer } = this.startFile(options);
    return new SessionRecorder({ id, writer, ...this.titleOption(), lastModel: modelOf(options) });
  }

  /** Sessions, most recently updated first. */
  async list(options: ListOptions = {}): Promise<SessionSummary[]> {
    const all = await refreshIndex(this.paths);
    return all
      .filter((summary) => (options.includeArchived || !summary.archived) && (options.includeEmpty || summary.messageCount > 0))
      .sort((a, b) => b.updated - a.updated || b.created - a.created);
  }

  /**
   * Turns `latest`, a full id or a unique id prefix into a session id. Errors name what was
   * looked for and what exists.
   */
  async resolveId(target: string): Promise<string> {
    const sessions = await this.list({ includeArchived: true, includeEmpty: target !== 'latest' });
    if (target === 'latest') {
      const latest = sessions.find((summary) => !summary.archived);
      if (!latest) throw new Error(`there is no earlier session in ${this.paths.projectRoot} to continue`);
      return latest.id;
    }
    if (sessions.some((summary) => summary.id === target)) return target;
    const matches = sessions.filter((summary) => summary.id.startsWith(target));
    if (matches.length === 1) return matches[0]!.id;
    if (matches.length > 1) throw new Error(`"${target}" matches ${matches.length} sessions; give more of the id`);
    throw new Error(`no session "${target}" in ${this.paths.projectRoot} (\`/chat list\` shows them)`);
  }

  /** Reads a session without continuing it. */
  async load(target: string): Promise<LoadedSession> {
    const id = await this.resolveId(target);
    return loadSessionFile(id, sessionFile(this.paths, id), { forWriting: false });
  }

  /** Continues a session (`latest`, an id or an id prefix): new turns are appended to its file. */
  async resume(target: string): Promise<ResumedSession> {
    const id = await this.resolveId(target);
    const loaded = loadSessionFile(id, sessionFile(this.paths, id), { forWriting: true });
    const writer = new SessionWriter({ file: loaded.file, mode: 'append', needsNewline: loaded.needsNewline, ...this.warningOption() });
    const recorder = new SessionRecorder({
      id,
      writer,
      initial: { onDisk: loaded.recorded, history: loaded.history },
      titled: loaded.summary.titleSource !== 'fallback',
      ...this.titleOption(),
      lastModel: modelOf(loaded.summary),
    });
    return { recorder, summary: loaded.summary, history: loaded.history, notices: loaded.notices };
  }

  /** The prompts of a session, numbered, for choosing a fork point. */
  async turns(target: string): Promise<TurnInfo[]> {
    return turnsOf((await this.load(target)).history);
  }

  /**
   * Starts a new session from an earlier point of another: its history is the origin's first
   * `turn` exchanges (all of them when omitted). The origin is left as it was.
   */
  async fork(target: string, options: { turn?: number } = {}): Promise<ResumedSession> {
    const origin = await this.load(target);
    const turns = turnsOf(origin.history);
    if (options.turn !== undefined && (!Number.isInteger(options.turn) || options.turn < 1 || options.turn > turns.length)) {
      throw new Error(`turn must be a whole number from 1 to ${turns.length} (the session has ${turns.length} prompts); got ${options.turn}`);
    }
    const next = options.turn === undefined ? undefined : turns[options.turn];
    const prefix = origin.history.slice(0, next ? next.entryIndex : origin.history.length);
    const { id, writer } = this.startFile({ ...modelOf(origin.summary), forkedFrom: { sessionId: origin.id, entryCount: prefix.length } });
    const title = cleanTitle(`${origin.summary.title} (fork)`);
    writer.append({ type: 'title', ts: Date.now(), title, source: 'generated' });
    for (const content of prefix) writer.append({ type: 'entry', ts: Date.now(), content });
    writer.sync();
    const recorder = new SessionRecorder({
      id,
      writer,
      initial: { onDisk: prefix, history: prefix },
      titled: true,
      lastModel: modelOf(origin.summary),
    });
    const summary = loadSessionFile(id, writer.file, { forWriting: false }).summary;
    return { recorder, summary, history: prefix, notices: [] };
  }

  /** Gives a session a title of the user's choosing. Returns the title as stored. */
  async rename(target: string, title: string): Promise<string> {
    const clean = cleanTitle(title);
    if (clean === '') throw new Error('a session title cannot be empty');
    await this.appendTo(target, 'title', { title: clean, source: 'user' });
    return clean;
  }

  /** Hides a session from `list()` (kept on disk; `unarchive` brings it back). */
  async archive(target: string): Promise<void> {
    await this.appendTo(target, 'archived', { archived: true });
  }

  async unarchive(target: string): Promise<void> {
    await this.appendTo(target, 'archived', { archived: false });
  }

  /** Deletes a session's file for good. Returns the id deleted. */
  async delete(target: string): Promise<string> {
    const id = await this.resolveId(target);
    unlinkSync(sessionFile(this.paths, id));
    await refreshIndex(this.paths);
    return id;
  }

  /** Searches this project's sessions (`/recall`); pass the current session as `excludeSessionId`. */
  async recall(query: string, options: RecallOptions = {}): Promise<RecallMatch[]> {
    return recall(this.paths, query, options);
  }

  /** Every confirmation decision of a session with its arguments, oldest first. */
  async auditTrail(target: string): Promise<Array<SessionRecord<'decision'>>> {
    const loaded = await this.load(target);
    return loaded.records.filter((record): record is SessionRecord<'decision'> => record.type === 'decision');
  }

  private async appendTo<K extends keyof SessionRecords>(target: string, type: K, payload: SessionRecords[K]): Promise<void> {
    const id = await this.resolveId(target);
    assertSessionId(id);
    appendFileSync(sessionFile(this.paths, id), `${JSON.stringify({ type, ts: Date.now(), ...payload })}\n`);
  }

  private startFile(options: { provider?: string; model?: string; forkedFrom?: ForkOrigin }): { id: string; writer: SessionWriter } {
    mkdirSync(this.paths.sessionsDir, { recursive: true, mode: 0o700 });
    const id = randomUUID();
    const writer = new SessionWriter({ file: sessionFile(this.paths, id), mode: 'create', ...this.warningOption() });
    const now = Date.now();
    writer.append({
      type: 'session',
      ts: now,
      v: SESSION_FORMAT_VERSION,
      id,
      cwd: this.paths.projectRoot,
      projectHash: this.paths.projectHash,
      created: now,
      ...modelOf(options),
      ...(options.forkedFrom ? { forkedFrom: options.forkedFrom } : {}),
    });
    writer.sync();
    return { id, writer };
  }

  private warningOption(): { onWarning?: RecordingWarning } {
    return this.options.onWarning ? { onWarning: this.options.onWarning } : {};
  }

  private titleOption(): { titleGenerator?: TitleGenerator } {
    return this.options.titleGenerator ? { titleGenerator: this.options.titleGenerator } : {};
  }
}

/** The numbered prompts of a history. */
export function turnsOf(history: readonly IContent[]): TurnInfo[] {
  const turns: TurnInfo[] = [];
  history.forEach((entry, entryIndex) => {
    const prompt = promptText(entry);
    if (prompt !== undefined) turns.push({ turn: turns.length + 1, entryIndex, prompt });
  });
  return turns;
}

function modelOf(source: { provider?: string | undefined; model?: string | undefined }): { provider?: string; model?: string } {
  return { ...(source.provider ? { provider: source.provider } : {}), ...(source.model ? { model: source.model } : {}) };
}
