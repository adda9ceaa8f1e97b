import type { CommandInfo, SessionController } from './session-controller.js';

/** Commands the TUI answers itself; everything else goes to the controller. */
export const UI_COMMANDS: readonly CommandInfo[] = [
  { name: 'help', description: 'show keys and commands' },
  { name: 'theme', description: 'choose a colour theme' },
  { name: 'clear', description: 'clear the screen and transcript (the model keeps the conversation; /compress frees context)' },
  { name: 'copy', description: 'copy the last answer to the clipboard' },
  { name: 'stats', description: 'tokens and turns of this session' },
  { name: 'about', description: 'version and environment' },
  { name: 'quit', description: 'leave alfred' },
];

/** The dialogs a command opens, and the controller method each one needs. */
export type DialogKind = 'model' | 'provider' | 'tools' | 'chat' | 'settings' | 'auth' | 'mcp';

const DIALOG_COMMANDS: ReadonlyArray<CommandInfo & { name: DialogKind; needs: keyof SessionController }> = [
  { name: 'model', description: 'choose the model', argumentHint: '[id]', needs: 'listModels' },
  { name: 'provider', description: 'choose the provider', argumentHint: '[name]', needs: 'listProviders' },
  { name: 'tools', description: 'turn tools on or off for this session', needs: 'tools' },
  { name: 'chat', description: 'saved sessions: list, resume', argumentHint: '[list|resume <id>]', needs: 'sessions' },
  { name: 'settings', description: 'browse and edit settings', needs: 'settingsEntries' },
  { name: 'auth', description: 'set an API key or use a local server', needs: 'setApiKey' },
  { name: 'mcp', description: 'MCP servers and their tools', needs: 'mcpStatus' },
];

/** The dialog commands this controller supports. */
export function dialogCommands(controller: SessionController): Array<CommandInfo & { name: DialogKind }> {
  return DIALOG_COMMANDS.filter((command) => typeof controller[command.needs] === 'function').map(({ needs: _needs, ...command }) => command);
}

/** UI commands, dialog commands and the controller's own, each name once (the UI's wins). */
export function allCommands(controller: SessionController): CommandInfo[] {
  const seen = new Set<string>();
  return [...UI_COMMANDS, ...dialogCommands(controller), ...controller.commands()].filter((command) => {
    if (seen.has(command.name)) return false;
    seen.add(command.name);
    return true;
  });
}
