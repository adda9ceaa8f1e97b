import type { HistoryService } from '../history/history-service.js';
import { CheckpointStore } from '../sessions/checkpoints/checkpoint-store.js';
import type { SessionRecorder } from '../sessions/session-recorder.js';
import { SessionStore } from '../sessions/session-store.js';
import type { InvocationCall } from './tool-adapter.js';

/** The recording side of a runtime: the project's sessions, the current one, its checkpoints. */
export interface SessionWiring {
  store: SessionStore;
  recorder: SessionRecorder;
  checkpoints: CheckpointStore | undefined;
  /** What resuming had to repair, in sentences for the user. */
  notices: string[];
  /** The session this start picked up (--continue, --resume), for the screen to show it. */
  resumed?: { id: string; title: string };
}

export interface SessionWiringOptions {
  workspaceRoot: string;
  env: NodeJS.ProcessEnv;
  history: HistoryService;
  /** `latest` (--continue), an id or prefix (--resume id), or undefined for a new session. */
  resume?: string;
  provider: string;
  model: string;
  checkpointing: boolean;
  onWarning: (message: string) => void;
}

/** Opens (or resumes) the session record and attaches it to the history. */
export async function openSession(options: SessionWiringOptions): Promise<SessionWiring> {
  const store = SessionStore.forProject(options.workspaceRoot, options.env, { onWarning: (warning) => options.onWarning(String(warning)) });
  let recorder: SessionRecorder;
  let notices: string[] = [];
  let resumedAtStart: SessionWiring['resumed'];
  if (options.resume) {
    const resumed = await store.resume(options.resume);
    recorder = resumed.recorder;
    notices = [...resumed.notices];
    resumedAtStart = { id: resumed.summary.id, title: resumed.summary.title };
  } else {
    recorder = store.create({ provider: options.provider, model: options.model });
  }
  recorder.attach(options.history);
  const checkpoints = options.checkpointing
    ? new CheckpointStore({ workspaceRoot: options.workspaceRoot, gitDir: store.paths.checkpointsGitDir, sessionId: recorder.id })
    : undefined;
  return { store, recorder, checkpoints, notices, ...(resumedAtStart ? { resumed: resumedAtStart } : {}) };
}

/** Snapshots what a file-changing call will touch (everything, for a shell command) before it runs. */
export function checkpointBefore(wiring: () => SessionWiring | undefined, history: HistoryService) {
  return async (call: InvocationCall): Promise<void> => {
    const checkpoints = wiring()?.checkpoints;
    if (!checkpoints) return;
    const paths = call.kind === 'execute' ? undefined : call.invocation.toolLocations().map((location) => location.path);
    if (paths && paths.length === 0) return;
    try {
      await checkpoints.snapshot({ tool: call.name, description: call.description, ...(paths ? { paths } : {}), history: history.list() });
    } catch {
      // A failed snapshot (no git, a full disk) must not stop the user's work; /restore will simply
      // not offer this point.
    }
  };
}
