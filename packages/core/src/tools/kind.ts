import { isReadOnlyKind as isReadOnlyToolKind } from '../policy/approval-modes.js';

/**
 * What a tool does to the user's machine. The policy engine, the scheduler (parallel only when
 * every call is read-only) and plan mode decide from this, never from the tool's name.
 */
export const Kind = {
  Read: 'read',
  Edit: 'edit',
  Delete: 'delete',
  Move: 'move',
  Search: 'search',
  Execute: 'execute',
  Fetch: 'fetch',
  Think: 'think',
  Memory: 'memory',
  Mcp: 'mcp',
  Other: 'other',
} as const;

/** One of the {@link Kind} values. */
export type Kind = (typeof Kind)[keyof typeof Kind];

/**
 * True for kinds that change nothing and reach nothing outside the machine (read, search, think).
 * The policy engine owns the set; tools and the scheduler ask it, so the two can never disagree.
 */
export function isReadOnlyKind(kind: Kind): boolean {
  return isReadOnlyToolKind(kind);
}
