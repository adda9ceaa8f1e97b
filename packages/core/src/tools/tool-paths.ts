import type { ResolvedPath, WorkspaceContext } from '../workspace/workspace-context.js';
import { errorResult, type ToolResult } from './tool-result.js';

/** A workspace path that passed the containment check. */
export type InsidePath = Extract<ResolvedPath, { ok: true }>;

/**
 * Resolves a path argument for a tool and turns a refusal into a result the model can act on.
 * Tools call this themselves even though the policy engine also looks at paths: defence in depth.
 */
export async function resolveToolPath(
  workspace: WorkspaceContext,
  input: string,
): Promise<{ ok: true; path: InsidePath } | { ok: false; result: ToolResult }> {
  const resolved = await workspace.resolve(input);
  if (resolved.ok) return { ok: true, path: resolved };
  const type = resolved.problem === 'symlink_loop' ? 'symlink_loop' : resolved.problem === 'invalid_path' ? 'invalid_params' : 'path_not_in_workspace';
  return { ok: false, result: errorResult(type, resolved.message) };
}

/** A Node error code, if the value is one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** A one-line message for an unexpected I/O failure. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
