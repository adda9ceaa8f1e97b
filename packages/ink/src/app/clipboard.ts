import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { copyToClipboard } from './terminal-screen.js';

/** A clipboard program and its arguments; it reads the text on stdin. */
type ClipboardTool = [command: string, ...args: string[]];

/** The system clipboard tool for this platform and session, if there is a desktop to copy to. */
export function clipboardTool(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): ClipboardTool | undefined {
  if (platform === 'darwin') return ['pbcopy'];
  if (platform === 'win32') return ['clip'];
  if (env['WAYLAND_DISPLAY']) return ['wl-copy'];
  if (env['DISPLAY']) return ['xclip', '-selection', 'clipboard'];
  return undefined;
}

/** Runs the tool with `text` on stdin; resolves true when it took it. */
function runTool([command, ...args]: ClipboardTool, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'] });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
    child.stdin.end(text);
  });
}

/**
 * `/copy`: puts the text on the clipboard through the terminal (OSC 52, which also reaches the
 * local clipboard over SSH in terminals that allow it) and through the system clipboard tool when
 * there is one. Resolves with how it was copied, for the notice.
 */
export async function copyText(text: string, stdout: Writable, options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  copyToClipboard(stdout as NodeJS.WriteStream, text);
  const tool = clipboardTool(options.platform ?? process.platform, options.env ?? process.env);
  if (tool && (await runTool(tool, text))) return `with ${tool[0]} and the terminal (OSC 52)`;
  return 'through the terminal (OSC 52; some terminals ask first or need it turned on)';
}
