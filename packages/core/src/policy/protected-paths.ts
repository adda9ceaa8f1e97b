import path from 'node:path';
import { isInside } from './rule-match.js';

/**
 * Places where a write can take over alfred or the user's shell: the repository's `.git/`
 * (hooks, config), `.alfred/` (workspace settings and policies), `$ALFRED_HOME`, and shell
 * start-up files. Writes there always ask, in every approval mode.
 */
export interface ProtectedPathContext {
  readonly userHome: string;
  readonly alfredHome: string;
}

const PROTECTED_SEGMENTS = new Set(['.git', '.alfred']);
const SHELL_STARTUP_FILES = new Set([
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile',
  '.zlogin', '.zlogout', '.cshrc', '.tcshrc', '.kshrc', '.inputrc', '.envrc',
]);

/** Why writing to `target` must ask, or undefined when it is an ordinary path. */
export function protectedPathReason(target: string, context: ProtectedPathContext): string | undefined {
  const absolute = path.resolve(target);
  if (isInside(absolute, context.alfredHome)) return `writes inside alfred's home (${context.alfredHome})`;
  const segments = absolute.split(path.sep);
  const segment = segments.find((part) => PROTECTED_SEGMENTS.has(part));
  if (segment) return `writes inside a ${segment}/ folder`;
  if (SHELL_STARTUP_FILES.has(path.basename(absolute))) return `writes a shell start-up file (${path.basename(absolute)})`;
  const fishConfig = path.join(context.userHome, '.config', 'fish');
  if (isInside(absolute, fishConfig)) return 'writes a shell start-up file (fish config)';
  return undefined;
}

/** Whether a command argument names a protected place, judged on its text (`.git/hooks/x`, `~/.bashrc`). */
export function mentionsProtectedPath(argument: string, cwd: string, context: ProtectedPathContext): string | undefined {
  const expanded = argument.startsWith('~') ? path.join(context.userHome, argument.slice(1)) : argument;
  const candidate = expanded.includes('=') ? expanded.slice(expanded.indexOf('=') + 1) : expanded;
  if (candidate === '') return undefined;
  return protectedPathReason(path.resolve(cwd, candidate), context);
}
