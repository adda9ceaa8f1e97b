import type { TranscriptState } from '../state/history-items.js';
import { formatTokens } from '../components/transcript/format.js';
import { allCommands, dialogCommands, UI_COMMANDS, type DialogKind } from './ui-commands.js';
import type { SessionController } from './session-controller.js';

/** What a UI command asks the app to do. */
export type LocalCommandEffect =
  | { kind: 'notice'; text: string }
  | { kind: 'clear' }
  | { kind: 'theme_dialog' }
  | { kind: 'copy'; text: string }
  | { kind: 'dialog'; dialog: DialogKind }
  | { kind: 'resume'; id: string }
  | { kind: 'quit' };

const KEYS_HELP = [
  'Keys: enter send · shift+enter, ctrl+j or \\ then enter: new line · ↑↓ history · ctrl+r search history',
  'ctrl+a/e line start/end · ctrl+k/u kill to end/start · ctrl+w delete word · alt+←/→ word',
  '@path add a file · /command · ! toggles shell mode · esc clear or cancel · ctrl+c twice to quit',
  'shift+tab approval mode · pgup/pgdn, shift+↑↓, wheel scroll · ctrl+f search the transcript · ctrl+t show thinking',
  'ctrl+s select mode (releases the mouse) · ctrl+x edit the prompt in $EDITOR · ctrl+z suspend',
];

function lastAnswer(state: TranscriptState): string {
  const parts: string[] = [];
  for (let index = state.items.length - 1; index >= 0; index--) {
    const item = state.items[index];
    if (item?.kind === 'user') break;
    if (item?.kind === 'answer') parts.unshift(item.text);
  }
  return parts.join('\n\n');
}

/**
 * A dialog command typed alone (`/model`, `/chat`, `/chat list`) opens its dialog, and `/chat resume
 * <id>` resumes directly; with other arguments (`/model gpt-4o`) the line goes to the controller.
 */
function dialogCommand(name: string, rest: string, controller: SessionController): LocalCommandEffect | undefined {
  const command = dialogCommands(controller).find((candidate) => candidate.name === name);
  if (command === undefined) return undefined;
  if (rest === '' || (name === 'chat' && rest === 'list')) return { kind: 'dialog', dialog: command.name };
  const resume = name === 'chat' ? /^resume\s+(\S+)$/.exec(rest) : null;
  return resume?.[1] !== undefined && controller.resumeSession ? { kind: 'resume', id: resume[1] } : undefined;
}

/** Runs `/help`, `/clear`, … or returns undefined when the line is not a UI command. */
export function localCommand(line: string, state: TranscriptState, controller: SessionController, version: string): LocalCommandEffect | undefined {
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(line.trim());
  const name = match?.[1];
  if (name === undefined) return undefined;
  const dialog = dialogCommand(name, (match?.[2] ?? '').trim(), controller);
  if (dialog !== undefined || !UI_COMMANDS.some((command) => command.name === name)) return dialog;
  switch (name) {
    case 'help': {
      const commands = allCommands(controller).map((command) => `  /${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''} — ${command.description}`);
      return { kind: 'notice', text: [...KEYS_HELP, 'Commands:', ...commands].join('\n') };
    }
    case 'clear':
      return { kind: 'clear' };
    case 'theme':
      return { kind: 'theme_dialog' };
    case 'copy': {
      const text = lastAnswer(state);
      return text === '' ? { kind: 'notice', text: 'Nothing to copy yet.' } : { kind: 'copy', text };
    }
    case 'stats': {
      if (controller.stats) return { kind: 'notice', text: controller.stats() };
      const turns = state.items.filter((item) => item.kind === 'user').length;
      const tools = state.items.reduce((count, item) => count + (item.kind === 'tool_group' ? item.calls.length : 0), 0);
      return { kind: 'notice', text: `${turns} prompts · ${tools} tool calls · ${formatTokens(state.sessionTokens)} tokens this session` };
    }
    case 'about': {
      const info = controller.info();
      return { kind: 'notice', text: `alfred ${version} · Node ${process.version} · ${process.platform} · ${info.provider}/${info.model}` };
    }
    default:
      return { kind: 'quit' };
  }
}
