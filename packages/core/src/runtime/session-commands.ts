import type { SlashCommand, SlashCommandRegistry, SlashCommandResult } from '../prompt/slash-commands.js';
import type { AlfredRuntime } from './alfred-runtime.js';

type Command = SlashCommand<AlfredRuntime>;

const info = (text: string): SlashCommandResult => ({ type: 'message', level: 'info', text });
const fail = (text: string): SlashCommandResult => ({ type: 'message', level: 'error', text });

/** `/chat`, `/resume`, `/restore`, `/rewind` and `/recall`: one store call each. */
export function registerSessionCommands(registry: SlashCommandRegistry<AlfredRuntime>): void {
  for (const command of [chat, resume, restore, rewind, recall]) registry.register(command);
}

function ago(time: number): string {
  const minutes = Math.round((Date.now() - time) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

function sessionsOf(runtime: AlfredRuntime) {
  const wiring = runtime.sessions;
  if (!wiring) throw new Error('sessions are not recorded in this run');
  return wiring;
}

const chat: Command = {
  name: 'chat',
  description: 'Saved sessions: list, resume, rename, archive, delete, fork',
  argumentHint: 'list | resume <id> | rename <title> | archive <id> | delete <id> | fork [turn]',
  subCommands: [
    { name: 'list', description: 'Sessions of this project, newest first' },
    { name: 'resume', description: 'Continue a saved session', argumentHint: '<id>' },
    { name: 'rename', description: 'Rename the current session', argumentHint: '<title>' },
    { name: 'archive', description: 'Hide a session from the list', argumentHint: '<id>' },
    { name: 'delete', description: 'Delete a session', argumentHint: '<id>' },
    { name: 'fork', description: 'Start a new session from turn N of this one', argumentHint: '[turn]' },
  ],
  source: 'builtin',
  async run(args, runtime) {
    const wiring = sessionsOf(runtime);
    const [sub = 'list', ...rest] = args.split(/\s+/).filter(Boolean);
    const target = rest.join(' ');
    switch (sub) {
      case 'list': {
        const sessions = await wiring.store.list({ includeArchived: rest[0] === '--all' });
        if (sessions.length === 0) return info('No saved sessions in this project yet.');
        const rows = sessions.map((session) => `${session.id === wiring.recorder.id ? '●' : ' '} ${session.id.slice(0, 8)}  ${session.title}  (${session.promptCount} prompts, ${ago(session.updated)})${session.archived ? ' [archived]' : ''}`);
        return info(`${rows.join('\n')}\n/chat resume <id> continues one.`);
      }
      case 'resume':
        return { type: 'events', events: await runtime.resumeSession(target || 'latest') };
      case 'rename':
        if (!target) return fail('Usage: /chat rename <title>');
        return info(`Renamed to "${await wiring.store.rename(wiring.recorder.id, target)}".`);
      case 'archive':
        await wiring.store.archive(target || wiring.recorder.id);
        return info('Archived.');
      case 'unarchive':
        await wiring.store.unarchive(target);
        return info('Unarchived.');
      case 'delete': {
        if (!target) return fail('Usage: /chat delete <id>');
        const id = await wiring.store.resolveId(target);
        if (id === wiring.recorder.id) return fail('That is the current session; switch to another first.');
        return info(`Deleted ${await wiring.store.delete(id)}.`);
      }
      case 'fork': {
        const turn = target ? Number(target) : undefined;
        if (turn !== undefined && (!Number.isInteger(turn) || turn < 1)) return fail('Usage: /chat fork [turn number]');
        const forked = await wiring.store.fork(wiring.recorder.id, turn === undefined ? {} : { turn });
        forked.recorder.close();
        return { type: 'events', events: await runtime.resumeSession(forked.summary.id) };
      }
      default:
        return fail(`Unknown /chat command "${sub}". Try list, resume, rename, archive, delete or fork.`);
    }
  },
};

const resume: Command = {
  name: 'resume',
  description: 'Continue a saved session (the latest without an id)',
  argumentHint: '[id]',
  source: 'builtin',
  async run(args, runtime) {
    return { type: 'events', events: await runtime.resumeSession(args || 'latest') };
  },
};

const restore: Command = {
  name: 'restore',
  description: 'List checkpoints, or roll files and conversation back to one',
  argumentHint: '[checkpoint-id]',
  source: 'builtin',
  async run(args, runtime) {
    const checkpoints = sessionsOf(runtime).checkpoints;
    if (!checkpoints) return fail('Checkpoints are off (sessions.checkpointing).');
    if (!args) {
      const list = await checkpoints.list();
      if (list.length === 0) return info('No checkpoints yet: one is taken before each file-changing tool runs.');
      const rows = list.map((point) => `${point.id.slice(0, 8)}  ${new Date(point.time).toLocaleTimeString()}  ${point.description ?? point.tool}${point.files.length ? `  [${point.files.join(', ')}]` : point.scope === 'workspace' ? '  [workspace]' : ''}`);
      return info(`${rows.join('\n')}\n/restore <id> puts files and conversation back to before that change.`);
    }
    if (runtime.session.busy) return fail('Wait for the current turn to finish first.');
    const result = await checkpoints.restore(args);
    return afterRestore(runtime, result);
  },
};

const rewind: Command = {
  name: 'rewind',
  description: 'Undo the last turn: its file changes and its messages',
  source: 'builtin',
  async run(_args, runtime) {
    const checkpoints = sessionsOf(runtime).checkpoints;
    if (!checkpoints) return fail('Checkpoints are off (sessions.checkpointing).');
    if (runtime.session.busy) return fail('Wait for the current turn to finish first.');
    return afterRestore(runtime, await checkpoints.rewind(runtime.session.history.list()));
  },
};

function afterRestore(runtime: AlfredRuntime, result: { restored: string[]; deleted: string[]; historyLength: number; prompt?: string }): SlashCommandResult {
  const history = runtime.session.history;
  if (result.historyLength < history.length) history.replaceRange(result.historyLength, history.length, []);
  runtime.changed();
  const files = [...result.restored.map((file) => `restored ${file}`), ...result.deleted.map((file) => `removed ${file}`)];
  const prompt = result.prompt ? `\nThe prompt that led to it was:\n${result.prompt}` : '';
  return info(`Rolled back${files.length ? `: ${files.join(', ')}` : ' (no file changes)'}. The conversation is back to before that prompt.${prompt}`);
}

const recall: Command = {
  name: 'recall',
  description: "Search this project's earlier sessions",
  argumentHint: '<query>',
  source: 'builtin',
  async run(args, runtime) {
    if (!args) return fail('Usage: /recall <words to look for>');
    const wiring = sessionsOf(runtime);
    const matches = await wiring.store.recall(args, { limit: 5, excludeSessionId: wiring.recorder.id });
    if (matches.length === 0) return info(`Nothing about "${args}" in earlier sessions.`);
    return info(matches.map((match) => `${match.sessionId.slice(0, 8)} "${match.title}" turn ${match.turn}: ${match.snippet}`).join('\n'));
  },
};
