/**
 * The public surface of @alfred/core. Named exports only: what is not listed here is internal.
 */
export {
  ALFRED_HOME_ENV,
  expandHome,
  resolveAlfredPaths,
  resolveWorkspacePaths,
  type AlfredPaths,
  type WorkspacePaths,
} from './workspace/alfred-home.js';
export { ALFRED_VERSION } from './version.js';
export type {
  AgentEvent,
  AgentEvents,
  ConfirmationOutcome,
  ConfirmationView,
  DoneReason,
  ToolCallInfo,
  ToolCallStatus,
  ToolResultView,
  UsageFigures,
} from './agent/events.js';
