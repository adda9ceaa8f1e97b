/**
 * The few pieces of core the TUI uses before the engine has loaded (its first frame, the footer's
 * approval mode). The main entry re-exports all of core and bundlers keep its whole graph
 * together, so these come through this small entry instead. Keep it free of heavy dependencies:
 * `packages/ink/src/cli/cli.test.ts` checks what the first frame loads.
 */
export { resolveAlfredPaths, type AlfredPaths } from './workspace/alfred-home.js';
export { nextApprovalMode } from './policy/approval-modes.js';
export type { ApprovalMode } from './policy/types.js';
