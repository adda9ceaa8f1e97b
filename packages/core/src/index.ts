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
  missingKeyError,
  ProviderError,
  type ProviderErrorKind,
  type ProviderErrorOptions,
} from './providers/provider-error.js';
export {
  createSdkProvider,
  ProviderManager,
  type ProviderConnection,
  type ProviderManagerOptions,
  type ProviderSettings,
} from './providers/manager.js';
export {
  API_KEY_ENV,
  BASE_URL_ENV,
  resolveApiKey,
  resolveBaseUrl,
  type AuthSources,
  type KeyReader,
  type KeySource,
  type ResolvedKey,
} from './providers/auth.js';
export { DEFAULT_MODELS, lookupModelLimits, withKnownLimits } from './providers/model-catalog.js';
export { abortableSleep, DEFAULT_RETRY_POLICY, retryDelay, streamWithRetry, type RetryPolicy } from './providers/retry.js';
export { classifyProviderError, parseRetryAfter } from './providers/classify-error.js';
export { redactSecrets } from './providers/redact-secrets.js';
export { AnthropicProvider, type AnthropicProviderOptions } from './providers/anthropic/anthropic-provider.js';
export { OpenAiChatProvider, type OpenAiChatProviderOptions } from './providers/openai/openai-chat-provider.js';
export { OpenAiResponsesProvider } from './providers/openai/openai-responses-provider.js';
export type { OpenAiConnection } from './providers/openai/openai-client.js';
export { GeminiProvider, type GeminiProviderOptions } from './providers/gemini/gemini-provider.js';
export { generateObject, type GenerateObjectOptions, type ObjectStreamer } from './providers/generate-object.js';
export { MemoryLoader, findRepositoryRoot, memoryFileCandidates, type MemoryFile, type MemoryOptions } from './context/memory-files.js';
export { SkillCatalog, parseFrontMatter, skillDirectories, type SkillCatalogOptions, type SkillSummary } from './context/skills.js';
export { describeEnvironment, directoryTree, type EnvironmentOptions } from './context/environment.js';
export { assembleSystemPrompt, type PromptPart, type SystemPrompt, type SystemPromptInput } from './context/system-prompt.js';
export { CORE_INSTRUCTIONS } from './context/core-instructions.js';
export { parseAtReferences, type AtReference } from './prompt/at-reference-parse.js';
export { resolveAtReferences, type AtReferenceOptions, type AtReferenceResult } from './prompt/at-references.js';
export {
  parseSlashCommand,
  SlashCommandRegistry,
  type ParsedSlashCommand,
  type SlashCommand,
  type SlashCommandResult,
} from './prompt/slash-commands.js';
export {
  customSlashCommand,
  expandCommandTemplate,
  loadCustomCommands,
  splitArguments,
  type CommandFileReader,
  type CommandShell,
  type CustomCommandDefinition,
} from './prompt/custom-commands.js';
export { capMiddle, PromptProcessor, type ProcessedInput, type PromptProcessorOptions, type ShellModeRunner } from './prompt/prompt-processor.js';
export {
  APPROVAL_MODES,
  POLICY_LAYERS,
  TOOL_KINDS,
  type ApprovalMode,
  type LayeredRule,
  type PolicyDecision,
  type PolicyInput,
  type PolicyLayer,
  type PolicyResult,
  type PolicyRule,
  type ToolKind,
} from './policy/types.js';
export { DEFAULT_ADMIN_POLICY_DIR, PolicyEngine, type PolicyEngineOptions } from './policy/policy-engine.js';
export { formatRule, parseRuleLine, parseRuleLines, RuleSyntaxError } from './policy/rule-syntax.js';
export { effectiveApprovalMode, isReadOnlyKind, modeDefaultDecision, nextApprovalMode, planModeRefusal } from './policy/approval-modes.js';
export { loadPolicyDirectory, parsePolicyFile, type LoadedPolicies } from './policy/policy-file.js';
export { SAVED_RULES_FILE, savePolicyRule } from './policy/save-policy-rule.js';
export { protectedPathReason } from './policy/protected-paths.js';
export { loadBashParser, type BashParser, type BashParserLocation } from './policy/shell/bash-parser.js';
export { analyzeShellCommand, type ShellAnalysis, type ShellRedirection, type SubCommand } from './policy/shell/shell-analysis.js';
export type { ShellWord } from './policy/shell/shell-words.js';
export { isReadOnlyCommand } from './policy/shell/read-only-commands.js';
export { makeVisible, renderCommandForConfirmation, type RenderedCommand } from './policy/shell/render-command.js';
export { TRUSTED_FOLDERS_FILE, TrustedFolders, type TrustLevel, type TrustState } from './trust/trusted-folders.js';
export { headlessTrustRefusal, mayUseWorkspaceItem, usableWorkspaceItems, WORKSPACE_ITEMS, type WorkspaceItem } from './trust/trust-gating.js';
export { loadSettings, type LoadedSettings, type LoadSettingsOptions } from './settings/load-settings.js';
export type { SettingsLayer } from './settings/read-layer.js';
export { updateSetting, type UpdateSettingOptions } from './settings/update-setting.js';
export { SettingsError, type SettingsErrorCode, type SettingsLocation, type SettingsWarning } from './settings/settings-error.js';
export {
  DEFAULT_SYSTEM_SETTINGS_DIR,
  SYSTEM_SETTINGS_DIR_ENV,
  settingsFilePath,
  type SettingsFileOptions,
} from './settings/settings-files.js';
export {
  SETTINGS_SPEC,
  PINNED_KEY,
  defaultSettings,
  findSetting,
  listSettings,
  type Settings,
  type SettingEntry,
} from './settings/schema/settings-schema.js';
export {
  FILE_SCOPES,
  LAYER_SCOPES,
  type FileScope,
  type LayerScope,
  type MergeStrategy,
  type SettingLeaf,
  type SettingsScope,
  type SettingsSection,
} from './settings/schema/setting.js';
export { expandString } from './settings/expand-env.js';
export {
  SessionStore,
  turnsOf,
  type ListOptions,
  type ResumedSession,
  type SessionStoreOptions,
  type TurnInfo,
} from './sessions/session-store.js';
export { SessionRecorder } from './sessions/session-recorder.js';
export { projectHash, resolveSessionPaths, type SessionPaths } from './sessions/session-paths.js';
export type { SessionSummary } from './sessions/session-summary.js';
export type { LoadedSession } from './sessions/load-session.js';
export type { RecordIssue } from './sessions/read-session.js';
export type { ForkOrigin, SessionRecord, SessionRecords, TitleSource } from './sessions/session-records.js';
export { cleanTitle, fallbackTitle, type FirstExchange, type TitleGenerator } from './sessions/session-title.js';
export type { RecordingWarning } from './sessions/session-writer.js';
export {
  CheckpointStore,
  DEFAULT_MAX_FILE_BYTES,
  type Checkpoint,
  type CheckpointStoreOptions,
  type RestoreResult,
  type SnapshotRequest,
} from './sessions/checkpoints/checkpoint-store.js';
export type { RestoredFiles } from './sessions/checkpoints/restore-files.js';
export {
  formatRecalledContext,
  recall,
  type RecallMatch,
  type RecallOptions,
} from './sessions/recall/recall.js';
export { Kind } from './tools/kind.js';
export {
  DeclarativeTool,
  zodParameters,
  type BuildResult,
  type JsonSchema,
  type ParameterSpec,
  type ParseResult,
  type ToolSpec,
} from './tools/declarative-tool.js';
export type { ToolConfirmationDetails, ToolInvocation, ToolLocation, UpdateOutput } from './tools/tool-invocation.js';
export {
  errorResult,
  textResult,
  type TodoItemView,
  type ToolContentPart,
  type ToolDisplay,
  type ToolError,
  type ToolErrorType,
  type ToolMediaPart,
  type ToolResult,
  type ToolTextPart,
} from './tools/tool-result.js';
export { ToolRegistry, type ToolInfo, type ToolSet, type ToolSource } from './tools/registry.js';
export { createBuiltinTools, createDefaultToolRegistry, type BuiltinToolsOptions } from './tools/builtin/create-builtin-tools.js';
export { TodoStore } from './tools/builtin/todo-write.js';
export type { SkillSource } from './tools/builtin/load-skill.js';
export type { GrepEngineChoice } from './tools/builtin/grep.js';
export type { WebFetchOptions } from './tools/builtin/web-fetch.js';
export type { FetchAddressPolicy } from './tools/builtin/fetch-address-guard.js';
export { MEMORY_HEADING } from './tools/builtin/save-memory.js';
export { BackgroundProcesses, type BackgroundProcess } from './tools/shell/background-processes.js';
export { childEnvironment } from './tools/shell/child-env.js';
export { McpClientManager, type McpClientManagerOptions, type McpServerStatus, type McpSignInStarted } from './tools/mcp/mcp-client-manager.js';
export { mcpToolName, MCP_NAME_SEPARATOR, type McpOAuthConfig, type McpServerConfig } from './tools/mcp/mcp-config.js';
export { McpTool, type McpToolDefinition } from './tools/mcp/mcp-tool.js';
export type { McpPromptArgument, McpPromptInfo } from './tools/mcp/mcp-prompts.js';
export { DEFAULT_MCP_OAUTH_REDIRECT_URL, KeyStoreOAuthProvider, McpSignInRequiredError, type McpOAuthProviderOptions, type McpTokenStore } from './tools/mcp/mcp-oauth-provider.js';
export { WorkspaceContext, isInside, type PathProblem, type ResolvedPath } from './workspace/workspace-context.js';
export { FileDiscoveryService, ALFRED_IGNORE_FILE, type FileDiscoveryOptions } from './workspace/file-discovery.js';
export { writeFileAtomic } from './workspace/atomic-write.js';
export { decodeText, encodeText, detectTextEncoding, DEFAULT_TEXT_FORMAT, type TextEncoding, type TextFormat } from './workspace/text-encoding.js';
export { readFileContent, formatBytes, MAX_READ_BYTES, type FileContent } from './workspace/text-file.js';
export { CredentialsError, maskKey, type CredentialsErrorCode, type KeyStore } from './credentials/key-store.js';
export { CREDENTIALS_PASSPHRASE_ENV, EncryptedFileKeyStore, type EncryptedFileKeyStoreOptions } from './credentials/encrypted-file-key-store.js';
export { KEYCHAIN_SERVICE, KeychainKeyStore, probeKeychain, type KeychainProbe, type KeytarModule } from './credentials/keychain-key-store.js';
export { CREDENTIALS_STORE_ENV, fileKeyStore, openKeyStore, type OpenedKeyStore, type OpenKeyStoreOptions } from './credentials/open-key-store.js';
export { AlfredRuntime, commandEvents, type RuntimeInfo, type RuntimeParts } from './runtime/alfred-runtime.js';
export { createRuntime, type CreateRuntimeOptions } from './runtime/create-runtime.js';
export { policyRulesFromSettings, type RuleFlags } from './runtime/policy-rules.js';
export { createRedactor, isSecretName, REDACTED, secretsFromEnv, type Redactor, type RedactorOptions } from './redaction/redactor.js';
export {
  createSessionStats,
  type ApprovalStats,
  type ModelStats,
  type SessionStats,
  type SessionStatsCollector,
  type SessionStatsOptions,
  type TimingSummary,
  type ToolStats,
} from './stats/session-stats.js';
export { costOf, DEFAULT_PRICES, lookupPrice, mergePrices, type ModelPrice, type PriceTable, type TokenCounts } from './stats/price-table.js';
export { formatCost, formatSessionStats, formatUsd } from './stats/format-stats.js';
export { createTelemetry, type Telemetry, type TelemetryContext } from './telemetry/create-telemetry.js';
export { resolveTelemetryOptions, type ResolvedTelemetry, type TelemetryOptions, type TelemetryTarget } from './telemetry/telemetry-options.js';
export { COUNTERS as TELEMETRY_COUNTERS, HISTOGRAMS as TELEMETRY_HISTOGRAMS, SPANS as TELEMETRY_SPANS } from './telemetry/telemetry-sink.js';
export { historyToEvents } from './runtime/history-replay.js';
export type { SessionWiring } from './runtime/session-wiring.js';
export { DEBUG_LOG_FILE, newRequestId, NOOP_LOGGER, openDebugLog, type DebugLog, type DebugLogOptions, type LogFields, type Logger, type LogLevel } from './logging/debug-log.js';
export { agentEventLog, type AgentEventLogOptions } from './logging/agent-event-log.js';
export { createBugReport, describeSystem, type BugReportInput } from './logging/bug-report.js';
export { formatPlanTree, planProblems, projectPlanSchema, type ProjectPlan } from './scaffold/project-plan.js';
export { planProject } from './scaffold/plan-project.js';
export { writeProject } from './scaffold/write-project.js';
export { findRipgrep } from './tools/search/ripgrep.js';
export { ripgrepFiles, type RipgrepFilesOptions } from './tools/search/ripgrep-files.js';
