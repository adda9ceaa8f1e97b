import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AlfredPaths } from '../workspace/alfred-home.js';

/**
 * Where one project's sessions, index, recall index and checkpoints live. Projects are keyed by a
 * hash of their absolute root so two checkouts of one repository never share sessions.
 */
export interface SessionPaths {
  /** The project root the sessions belong to. */
  readonly projectRoot: string;
  /** sha256 of the absolute project root, hex. */
  readonly projectHash: string;
  /** `<home>/history/<hash>`: one `<session-id>.jsonl` per session. */
  readonly sessionsDir: string;
  /** `<sessionsDir>/index.json`: derived listing data, rebuilt from the files when stale. */
  readonly indexFile: string;
  /** `<sessionsDir>/recall.json`: the derived full-text index over earlier sessions. */
  readonly recallFile: string;
  /** `<home>/tmp/<hash>/checkpoints`: the shadow git directory of the checkpoints. */
  readonly checkpointsGitDir: string;
}

/** Hashes a project root the way every session path does. */
export function projectHash(projectRoot: string): string {
  return createHash('sha256').update(path.resolve(projectRoot)).digest('hex');
}

/** Resolves the session paths of the project rooted at `projectRoot`. */
export function resolveSessionPaths(alfred: Pick<AlfredPaths, 'history' | 'tmp'>, projectRoot: string): SessionPaths {
  const root = path.resolve(projectRoot);
  const hash = projectHash(root);
  const sessionsDir = path.join(alfred.history, hash);
  return {
    projectRoot: root,
    projectHash: hash,
    sessionsDir,
    indexFile: path.join(sessionsDir, 'index.json'),
    recallFile: path.join(sessionsDir, 'recall.json'),
    checkpointsGitDir: path.join(alfred.tmp, hash, 'checkpoints'),
  };
}

/** The file of one session. */
export function sessionFile(paths: SessionPaths, sessionId: string): string {
  return path.join(paths.sessionsDir, `${sessionId}.jsonl`);
}

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Refuses ids that could escape the sessions folder or name a non-session file. */
export function assertSessionId(sessionId: string): void {
  if (!SESSION_ID.test(sessionId)) {
    throw new Error(`"${sessionId}" is not a session id (letters, digits, ".", "_" and "-" only)`);
  }
}
