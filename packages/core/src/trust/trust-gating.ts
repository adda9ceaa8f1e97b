import type { TrustState } from './trusted-folders.js';

/**
 * Everything alfred can take from a workspace. In a folder that is not trusted none of it is used:
 * a freshly cloned repository must not configure the tool that is about to read it.
 */
export type WorkspaceItem =
  | 'settings'
  | 'env_file'
  | 'mcp_servers'
  | 'custom_commands'
  | 'skills'
  | 'policies'
  | 'hooks'
  | 'base_urls';

/** Every workspace-sourced item. */
export const WORKSPACE_ITEMS: readonly WorkspaceItem[] = [
  'settings',
  'env_file',
  'mcp_servers',
  'custom_commands',
  'skills',
  'policies',
  'hooks',
  'base_urls',
];

/** Which workspace items may be used given the folder's trust ("unknown" counts as not trusted). */
export function usableWorkspaceItems(trust: TrustState): ReadonlySet<WorkspaceItem> {
  return new Set(trust === 'trusted' ? WORKSPACE_ITEMS : []);
}

/** Whether one workspace item may be used. */
export function mayUseWorkspaceItem(item: WorkspaceItem, trust: TrustState): boolean {
  return usableWorkspaceItems(trust).has(item);
}

/**
 * Headless runs cannot ask: in a folder that is not trusted they stop with this message unless
 * `--trust` was given. Returns undefined when the run may go on.
 */
export function headlessTrustRefusal(folder: string, trust: TrustState, options: { trustFlag: boolean }): string | undefined {
  if (trust === 'trusted' || options.trustFlag) return undefined;
  const state = trust === 'untrusted' ? 'is marked as not trusted' : 'has not been trusted yet';
  return (
    `${folder} ${state}, so alfred will not use its settings, .env, MCP servers, commands, skills, ` +
    'policies, hooks or base URLs, and headless mode cannot ask. Run alfred interactively once to trust it, ' +
    'or pass --trust to trust it for this run.'
  );
}
