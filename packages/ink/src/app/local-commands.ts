import type { TranscriptState } from '../state/history-items.js';
import { formatTokens } from '../components/transcript/format.js';
import { UI_COMMANDS } from './ui-commands.js';
import type { SessionController } from './session-controller.js';

/** What a UI command asks the app to do. */
export type LocalCommandEffect =
  | { kind: 'notice'; text: string }
  | { kind: 'clear' }
  | { kind: 'theme_dialog' }
  | { kind: 'copy'; text: string }
  | { kind: 'quit' };

const KEYS_HELP = [
  'Keys: enter send · shift+enter, ctrl+j or \\ then enter: new line · ↑↓ history · ctrl+r search history',
  'ctrl+a/e line start/end · ctrl+k/u kill to end/start · ctrl+w delete word · alt+←/→ word',
  '@path add a file · /command · ! toggles shell mode · esc clear or cancel · ctrl+c twice to quit',
  'shift+tab approval mode · pgup/pgdn, shift+↑↓ scroll · ctrl+t show thinking',
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

/** Runs `/help`, `/clear`, … or returns undefined when the line is not a UI command. */
export function localCommand(line: string, state: TranscriptState, controller: SessionController, version: string): LocalCommandEffect | undefined {
  const name = /^\/(\S+)/.exec(line.trim())?.[1];
  if (name === undefined || !UI_COMMANDS.some((command) => command.name === name)) return undefined;
  switch (name) {
    case 'help': {
      const commands = [...UI_COMMANDS, ...controller.commands()].map((command) => `  /${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''} — ${command.description}`);
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
