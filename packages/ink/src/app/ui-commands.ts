import type { CommandInfo } from './session-controller.js';

/** Commands the TUI answers itself; everything else goes to the controller. */
export const UI_COMMANDS: readonly CommandInfo[] = [
  { name: 'help', description: 'show keys and commands' },
  { name: 'theme', description: 'choose a colour theme' },
  { name: 'clear', description: 'clear the screen and transcript' },
  { name: 'copy', description: 'copy the last answer to the clipboard' },
  { name: 'stats', description: 'tokens and turns of this session' },
  { name: 'about', description: 'version and environment' },
  { name: 'quit', description: 'leave alfred' },
];
