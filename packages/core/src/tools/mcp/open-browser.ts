import { spawn } from 'node:child_process';

/** The program that opens a URL here, or undefined when there is no browser to show it in. */
export function browserCommand(platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>): { file: string; args: string[] } | undefined {
  const chosen = env['BROWSER'];
  if (chosen === 'none' || chosen === '') return undefined;
  if (chosen) return { file: chosen, args: [] };
  if (platform === 'darwin') return { file: 'open', args: [] };
  // rundll32 takes the URL as one argument; `cmd /c start` would split it at every `&`.
  if (platform === 'win32') return { file: 'rundll32', args: ['url.dll,FileProtocolHandler'] };
  // Elsewhere a browser needs a display: over SSH or in a container there is none, and xdg-open
  // would fall back to a text browser in the terminal alfred is drawing in.
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return undefined;
  return { file: 'xdg-open', args: [] };
}

/**
 * Opens `url` in the user's browser, detached so alfred does not wait for it. Resolves false when
 * there is no browser to open (the caller prints the URL instead) or the opener could not start.
 */
export function openInBrowser(url: URL, env: Readonly<Record<string, string | undefined>> = process.env): Promise<boolean> {
  const command = browserCommand(process.platform, env);
  if (!command) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(command.file, [...command.args, url.href], { detached: true, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
