/** The test kit's public surface. */
export { tempWorkspace, type FileTree, type TempWorkspace } from './fixtures/temp-workspace.js';
export { startPty, type PtyExit, type PtySession, type ScreenMatcher, type StartPtyOptions } from './pty/pty-session.js';
export { ALFRED_BUNDLE, interactiveEnv, startAlfred, type StartAlfredOptions } from './pty/start-alfred.js';
export { KEY_NAMES, keySequence, type KeyModes } from './pty/keys.js';
export { TerminalScreen, type TerminalModes } from './pty/terminal-screen.js';
