/**
 * What a tool returns. What the model reads (`llmContent`) and what the user sees (`display`) are
 * separate fields, so a tool can tell the model how to continue while the UI shows a short summary.
 */

/**
 * A binary part for the model: an image, a PDF. Structurally identical to the content model's
 * `media` block so the agent loop can put it into history as it is.
 */
export interface ToolMediaPart {
  readonly type: 'media';
  readonly mimeType: string;
  readonly data: string;
  readonly encoding: 'base64' | 'url';
}

/** A text part for the model, used beside media parts. */
export interface ToolTextPart {
  readonly type: 'text';
  readonly text: string;
}

/** One part of a tool result the model reads. */
export type ToolContentPart = ToolTextPart | ToolMediaPart;

/** What the UI shows for a finished tool call. A union on `type` so the UI can pick a component. */
export type ToolDisplay =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'diff'; readonly path: string; readonly diff: string; readonly isNewFile: boolean }
  | { readonly type: 'todos'; readonly todos: readonly TodoItemView[] };

/** The UI's view of one todo item (see `TodoStore`). */
export interface TodoItemView {
  readonly id: string;
  readonly content: string;
  readonly status: 'pending' | 'in_progress' | 'completed';
}

/**
 * Why a tool failed, classified where the failure happened. The model reads `message`; the type is
 * for the UI, telemetry and tests.
 */
export type ToolErrorType =
  | 'invalid_params'
  | 'path_not_in_workspace'
  | 'file_not_found'
  | 'not_a_file'
  | 'not_a_directory'
  | 'binary_file'
  | 'file_too_large'
  | 'edit_no_match'
  | 'edit_ambiguous'
  | 'edit_no_change'
  | 'io_error'
  | 'symlink_loop'
  | 'shell_failed'
  | 'timeout'
  | 'cancelled'
  | 'fetch_failed'
  | 'fetch_refused'
  | 'not_found'
  | 'mcp_error'
  | 'tool_disabled'
  | 'unknown_tool';

/** A classified tool failure. */
export interface ToolError {
  readonly type: ToolErrorType;
  readonly message: string;
}

/** The result of `ToolInvocation.execute()`. */
export interface ToolResult {
  readonly llmContent: string | readonly ToolContentPart[];
  readonly display: ToolDisplay;
  readonly error?: ToolError;
}

/** A successful result whose display is plain text. */
export function textResult(llmContent: string, display: string = llmContent): ToolResult {
  return { llmContent, display: { type: 'text', text: display } };
}

/** A failed result: the model reads the message, the UI shows it. */
export function errorResult(type: ToolErrorType, message: string): ToolResult {
  return { llmContent: `Error: ${message}`, display: { type: 'text', text: message }, error: { type, message } };
}
