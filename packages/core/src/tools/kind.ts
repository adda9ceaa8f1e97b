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

const READ_ONLY_KINDS: ReadonlySet<Kind> = new Set<Kind>([Kind.Read, Kind.Search, Kind.Think]);

/**
 * True for kinds that change nothing and reach nothing outside the machine; the same set as the
 * policy engine's `isReadOnlyKind`. `fetch` is excluded because it sends data out, and `mcp`,
 * `memory` and `other` because we cannot know what they do.
 */
export function isReadOnlyKind(kind: Kind): boolean {
  return READ_ONLY_KINDS.has(kind);
}
