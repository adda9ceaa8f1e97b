/**
 * Builds realistic session files for the session benchmarks (issue 9) in a throwaway ALFRED_HOME.
 * Not a benchmark itself: its name has no `.bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HistoryService, SessionStore, type IContent } from '../../packages/core/src/index.js';

/** A temporary project and ALFRED_HOME. */
export interface BenchHome {
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  store: SessionStore;
  dispose(): Promise<void>;
}

export async function benchHome(): Promise<BenchHome> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'alfred-bench-sessions-'));
  const env = { ...process.env, HOME: base, ALFRED_HOME: path.join(base, '.alfred') };
  const projectRoot = path.join(base, 'project');
  return { projectRoot, env, store: SessionStore.forProject(projectRoot, env), dispose: () => rm(base, { recursive: true, force: true }) };
}

export function newHistory(): HistoryService {
  return new HistoryService({ contextWindow: 100_000_000 });
}

const LOREM = 'The parser reads one record per line and keeps the offset of the last complete line. ';

/**
 * Records `turns` turns of prompt → streamed answer with a tool call → tool result: five records
 * per turn (prompt, two streamed chunks, answer, tool result), like a real coding session.
 */
export function recordTurns(store: SessionStore, turns: number): string {
  const recorder = store.create({ provider: 'anthropic', model: 'bench-model' });
  const history = newHistory();
  recorder.attach(history);
  for (let turn = 1; turn <= turns; turn += 1) {
    const callId = `hist_tool_00000000-0000-4000-8000-${String(turn).padStart(12, '0')}`;
    history.add({ speaker: 'human', blocks: [{ type: 'text', text: `Step ${turn}: ${LOREM}` }] });
    recorder.record({ type: 'text_delta', text: LOREM });
    recorder.record({ type: 'text_delta', text: LOREM });
    const answer: IContent = {
      speaker: 'ai',
      blocks: [
        { type: 'text', text: LOREM.repeat(2) },
        { type: 'tool_call', id: callId, name: 'edit', parameters: { path: `src/file-${turn}.ts`, old_string: 'a', new_string: 'b' } },
      ],
    };
    history.add(answer);
    history.add({ speaker: 'tool', blocks: [{ type: 'tool_response', callId, toolName: 'edit', result: LOREM }] });
  }
  recorder.close();
  return recorder.id;
}
