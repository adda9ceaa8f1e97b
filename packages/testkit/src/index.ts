/** The test kit's public surface. */
export { tempWorkspace, type FileTree, type TempWorkspace } from './fixtures/temp-workspace.js';
export { startPty, type PtyExit, type PtySession, type ScreenMatcher, type StartPtyOptions } from './pty/pty-session.js';
export { ALFRED_BUNDLE, interactiveEnv, startAlfred, type StartAlfredOptions } from './pty/start-alfred.js';
export { KEY_NAMES, keySequence, type KeyModes } from './pty/keys.js';
export { TerminalScreen, type TerminalModes } from './pty/terminal-screen.js';
export { readInputMode, type InputMode } from './pty/line-discipline.js';
export { startMockLlmServer } from './mock-llm/server.js';
export { providerStreamsDir } from './mock-llm/provider-streams-dir.js';
export { loadScenarioFile } from './mock-llm/scenario.js';
export { EMPTY_QUEUE_TEXT } from './mock-llm/answer-plan.js';
export type {
  Family as MockFamily,
  MockFault,
  MockLlmServer,
  MockLlmServerOptions,
  MockToolCall,
  MockTurn,
  MockUsage,
  RecordedRequest,
} from './mock-llm/types.js';
export { createTestMcpServer, PIXEL_PNG_BASE64, serveHttp as serveTestMcpHttp, serveStdio as serveTestMcpStdio } from './mcp/test-mcp-server.js';
export { startTestMcpHttpServer, testMcpServerStdioCommand, TEST_MCP_SERVER_MAIN, type RunningMcpServer } from './mcp/start-test-mcp-server.js';
export { TEST_OAUTH } from './mcp/test-oauth-gate.js';
export { trustWorkspace } from './fixtures/trust.js';
