/**
 * Checkpoints: before a tool changes files, the files it names (or, for a shell command, which can
 * touch anything, the whole workspace) are committed to a shadow git repository. Restoring puts
 * every file changed since then back, deletes the files created since, and says how long the
 * conversation was at that point so files and conversation roll back together.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { IContent } from '../../content/content.js';
import { withFileLock } from '../../settings/file-lock.js';
import { promptText } from '../session-summary.js';
import { restoreFiles, type RestoredFiles } from './restore-files.js';
import { ShadowGit, splitNul } from './shadow-git.js';

const REF = 'refs/heads/checkpoints';
const MESSAGE_TITLE = 'alfred checkpoint';
/** Files above this are not snapshotted (and never deleted by a restore), with a note. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** One snapshot, as `/restore` lists it. */
export interface Checkpoint {
  /** The shadow commit. */
  id: string;
  /** ms since the epoch. */
  time: number;
  tool: string;
  /** One line for the user ("Run npm install", "Edit src/app.ts"). */
  description?: string;
  callId?: string;
  sessionId?: string;
  /** `files`: only `files` were saved (a file tool); `workspace`: everything not ignored (a shell command). */
  scope: 'files' | 'workspace';
  /** Workspace-relative paths the tool said it would touch (empty for a workspace snapshot). */
  files: string[];
  /** Files left out because they exceed the size cap or lie outside the workspace. */
  skipped: string[];
  /** The conversation length to go back to: the index of the prompt that led to this change. */
  historyLength: number;
  /** That prompt's text, to put back in the composer after a restore. */
  prompt?: string;
}

/** What `restore` and `rewind` did. */
export interface RestoreResult extends RestoredFiles {
  checkpoint?: Checkpoint;
  /** Truncate the conversation to this many entries (`history.replaceRange(n, history.length, [])`). */
  historyLength: number;
  prompt?: string;
}

/** Options of {@link CheckpointStore}. */
export interface CheckpointStoreOptions {
  workspaceRoot: string;
  /** `SessionPaths.checkpointsGitDir`. */
  gitDir: string;
  /** Only this session's checkpoints are listed and restored; others in the project are kept. */
  sessionId?: string;
  maxFileBytes?: number;
}

/** What a tool is about to do, for {@link CheckpointStore.snapshot}. */
export interface SnapshotRequest {
  tool: string;
  description?: string;
  callId?: string;
  /** The files the tool will touch; omit for a tool that can touch anything (shell). */
  paths?: readonly string[];
  /** The conversation as it is now; the checkpoint remembers where its prompt starts. */
  history: readonly IContent[];
}

function lastPrompt(history: readonly IContent[]): { index: number; prompt?: string } {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const prompt = promptText(history[index]!);
    if (prompt !== undefined) return { index, prompt };
  }
  return { index: 0 };
}

/** The checkpoints of one workspace. */
export class CheckpointStore {
  private readonly git: ShadowGit;
  private readonly options: CheckpointStoreOptions;
  private readonly maxFileBytes: number;

  constructor(options: CheckpointStoreOptions) {
    this.options = options;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.git = new ShadowGit({ gitDir: options.gitDir, workTree: path.resolve(options.workspaceRoot) });
  }

  /** Saves the state the tool is about to change. Call before the tool runs. */
  async snapshot(request: SnapshotRequest): Promise<Checkpoint> {
    return this.locked(async () => {
      await this.git.ensure();
      const staged = request.paths ? await this.stagePaths(request.paths) : { files: [], skipped: await this.stageWorkspace() };
      const { index, prompt } = lastPrompt(request.history);
      const checkpoint: Omit<Checkpoint, 'id'> = {
        time: Date.now(),
        tool: request.tool,
        ...(request.description ? { description: request.description } : {}),
        ...(request.callId ? { callId: request.callId } : {}),
        ...(this.options.sessionId ? { sessionId: this.options.sessionId } : {}),
        scope: request.paths ? 'files' : 'workspace',
        files: staged.files,
        skipped: staged.skipped,
        historyLength: index,
        ...(prompt === undefined ? {} : { prompt }),
      };
      const tree = (await this.git.run(['write-tree'])).trim();
      const parent = (await this.git.run(['rev-parse', '-q', '--verify', REF], { allowFailure: true })).trim();
      const message = `${MESSAGE_TITLE}\n\n${JSON.stringify(checkpoint)}`;
      const commit = (await this.git.run(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message])).trim();
      await this.git.run(['update-ref', REF, commit]);
      return { id: commit, ...checkpoint };
    });
  }

  /** This session's checkpoints, oldest first. */
  async list(): Promise<Checkpoint[]> {
    await this.git.ensure();
    const log = await this.git.run(['log', '--reverse', '--format=%H%x1f%B%x1e', REF], { allowFailure: true });
    const checkpoints: Checkpoint[] = [];
    for (const item of log.split('\x1e')) {
      const [id, body] = item.trim().split('\x1f');
      if (!id || !body) continue;
      try {
        const data = JSON.parse(body.slice(body.indexOf('\n\n') + 2)) as Omit<Checkpoint, 'id'>;
        if (this.options.sessionId === undefined || data.sessionId === this.options.sessionId) checkpoints.push({ id, ...data });
      } catch {
        // A commit whose message is not ours (hand-made in the shadow repository) is not a checkpoint.
      }
    }
    return checkpoints;
  }

  /**
   * Puts the workspace back to how it was when `checkpointId` (or a unique prefix of it) was taken:
   * files changed by it or any later checkpoint get their earlier content, files created since are
   * deleted. Works over later manual edits too; it overwrites them.
   */
  async restore(checkpointId: string): Promise<RestoreResult> {
    const checkpoints = await this.list();
    const matches = checkpoints.filter((checkpoint) => checkpoint.id.startsWith(checkpointId));
    if (matches.length !== 1) {
      throw new Error(matches.length === 0 ? `no checkpoint "${checkpointId}" in this session` : `"${checkpointId}" matches ${matches.length} checkpoints`);
    }
    const checkpoint = matches[0]!;
    const later = checkpoints.slice(checkpoints.indexOf(checkpoint));
    const files = await this.locked(() => restoreFiles(this.git, later, this.maxFileBytes));
    return { ...files, checkpoint, historyLength: checkpoint.historyLength, ...(checkpoint.prompt === undefined ? {} : { prompt: checkpoint.prompt }) };
  }

  /**
   * Undoes the last turn: the files its tools changed go back to how they were before it and the
   * conversation is cut back to just before its prompt (returned, to edit and send again).
   */
  async rewind(history: readonly IContent[]): Promise<RestoreResult> {
    const { index, prompt } = lastPrompt(history);
    const first = (await this.list()).find((checkpoint) => checkpoint.historyLength === index);
    if (first) return this.restore(first.id);
    return { restored: [], deleted: [], leftInPlace: [], historyLength: index, ...(prompt === undefined ? {} : { prompt }) };
  }

  private relativePaths(paths: readonly string[]): { inside: string[]; outside: string[] } {
    const inside: string[] = [];
    const outside: string[] = [];
    for (const given of paths) {
      const relative = path.relative(this.git.workTree, path.resolve(this.git.workTree, given));
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) outside.push(given);
      else inside.push(relative.split(path.sep).join('/'));
    }
    return { inside: [...new Set(inside)], outside };
  }

  /** Stages the named files as they are now (or their absence); says which were saved and which left out. */
  private async stagePaths(paths: readonly string[]): Promise<{ files: string[]; skipped: string[] }> {
    const { inside, outside } = this.relativePaths(paths);
    const present: string[] = [];
    const absent: string[] = [];
    const tooBig: string[] = [];
    for (const relative of inside) {
      const stats = await lstat(path.join(this.git.workTree, relative)).catch(() => undefined);
      if (!stats) absent.push(relative);
      else if (stats.isFile() && stats.size > this.maxFileBytes) tooBig.push(relative);
      else present.push(relative);
    }
    // The tool was asked to change these files, so they are saved even when .gitignore lists them.
    if (present.length > 0) await this.git.run(['add', '-f', '-A', '--', ...present.map(literal)]);
    const unstage = [...absent, ...tooBig];
    if (unstage.length > 0) await this.git.run(['rm', '-q', '-r', '--cached', '--ignore-unmatch', '--', ...unstage.map(literal)]);
    return { files: [...present, ...absent], skipped: [...tooBig, ...outside] };
  }

  /** Stages everything not ignored, leaving out files over the size cap. */
  private async stageWorkspace(): Promise<string[]> {
    const candidates = splitNul(await this.git.run(['ls-files', '-z', '--others', '--modified', '--exclude-standard']));
    const tooBig: string[] = [];
    for (const relative of candidates) {
      const stats = await lstat(path.join(this.git.workTree, relative)).catch(() => undefined);
      if (stats?.isFile() && stats.size > this.maxFileBytes) tooBig.push(relative);
    }
    await this.git.run(['add', '-A', '--', '.', ...tooBig.map((file) => `:(exclude,literal)${file}`)]);
    if (tooBig.length > 0) await this.git.run(['rm', '-q', '--cached', '--ignore-unmatch', '--', ...tooBig.map(literal)]);
    return tooBig;
  }

  /** One snapshot or restore at a time per workspace, across processes: they share the shadow index. */
  private locked<T>(work: () => Promise<T>): Promise<T> {
    return withFileLock(path.join(this.git.gitDir, 'alfred-snapshot'), work);
  }
}

/** A pathspec that matches exactly this path (no glob characters interpreted). */
export function literal(relative: string): string {
  return `:(literal)${relative}`;
}
