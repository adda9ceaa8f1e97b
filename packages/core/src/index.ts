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
export {
  AgentSession,
  MAX_TURNS_NOTICE,
  type ActiveModel,
  type AgentSessionOptions,
} from './agent/agent-session.js';
export type { AgentToolbox, ApprovalGate, ApprovalVerdict, PreparedCall, ToolExecution } from './agent/ports.js';
export { LoopDetector, type LoopDetectorOptions, type LoopFinding } from './agent/loop-detector.js';
export { CANCELLED_BY_USER } from './agent/tool-scheduler.js';
export {
  HistoryService,
  type CompressionResult,
  type HistoryServiceOptions,
  type Summarizer,
} from './history/history-service.js';
export { findCompressSplitPoint, findTrimPoint } from './history/compress-split.js';
export { estimatingCounter, loadTokenCounter, type TokenCounter } from './history/token-counter.js';
export { SUMMARY_INSTRUCTION, SUMMARY_PREFIX } from './history/summary-prompt.js';
export {
  CONTENT_BLOCK_TYPES,
  type CodeBlock,
  type ContentBlock,
  type ContentMetadata,
  type IContent,
  type MediaBlock,
  type ProviderOpaque,
  type Speaker,
  type TextBlock,
  type ThinkingBlock,
  type ToolCallBlock,
  type ToolResponseBlock,
  type Usage,
  type WireApi,
} from './content/content.js';
export {
  buildToolIdMap,
  historyToolIdFrom,
  isHistoryToolId,
  newHistoryToolId,
  providerToolIdFor,
} from './content/tool-id.js';
export {
  validateContent,
  type ContentIssue,
  type ContentIssueCode,
  type ContentValidation,
} from './content/validate-content.js';
export { INTERRUPTED_TOOL_MESSAGE, repairContent, type ContentRepair } from './content/repair-content.js';
export type {
  GenerationSettings,
  ModelInfo,
  Provider,
  ProviderRequest,
  ThinkingSettings,
  ToolChoice,
  ToolDeclaration,
} from './providers/provider.js';
export type { FinishReason, StreamEvent, StreamEvents } from './providers/stream-event.js';
export {
  isProviderError,
  ProviderError,
  type ProviderErrorKind,
  type ProviderErrorOptions,
} from './providers/provider-error.js';
export { MemoryLoader, findRepositoryRoot, memoryFileCandidates, type MemoryFile, type MemoryOptions } from './context/memory-files.js';
export { SkillCatalog, parseFrontMatter, skillDirectories, type SkillCatalogOptions, type SkillSummary } from './context/skills.js';
export { describeEnvironment, directoryTree, type EnvironmentOptions } from './context/environment.js';
export { assembleSystemPrompt, type PromptPart, type SystemPrompt, type SystemPromptInput } from './context/system-prompt.js';
export { CORE_INSTRUCTIONS } from './context/core-instructions.js';
