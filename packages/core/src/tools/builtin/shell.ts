import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { WorkspaceContext } from '../../workspace/workspace-context.js';
import type { FileDiscoveryService } from '../../workspace/file-discovery.js';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import { errorResult, type ToolResult } from '../tool-result.js';
import { describeError } from '../tool-paths.js';
import type { BackgroundProcesses } from '../shell/background-processes.js';
import { childEnvironment } from '../shell/child-env.js';
import { runProcess, type RunResult } from '../shell/process-runner.js';

const DESCRIPTION = `Runs a command with \`bash -c\` in the workspace root and returns its combined stdout and stderr, exit code or signal. Commands time out after \`timeout_ms\` (default 2 minutes, at most 10). Long output keeps the beginning and the end; the full log is saved to a file whose path is given. Set \`background: true\` for servers and watchers: the command keeps running and you get its pid and log file. Do not use it to read, search or edit files when a dedicated tool exists.`;

/** Default and largest timeout. */
export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;
export const MAX_SHELL_TIMEOUT_MS = 600_000;

const schema = z.strictObject({
  command: z.string().min(1).describe('The bash command to run.'),
  description: z.string().optional().describe('A short description of what the command does, shown to the user.'),
  timeout_ms: z.number().int().min(1).max(MAX_SHELL_TIMEOUT_MS).optional().describe('Timeout in milliseconds. Default 120000.'),
  background: z.boolean().optional().describe('Run in the background and return immediately. Default false.'),
});
type Params = z.output<typeof schema>;

/** What the shell tool needs. */
export interface ShellToolOptions {
  readonly workspace: WorkspaceContext;
  readonly files: FileDiscoveryService;
  /** Where logs of long or background output go (under `$ALFRED_HOME/tmp`). */
  readonly logDirectory: string;
  readonly background: BackgroundProcesses;
  /** The environment to clean for children; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Bytes of output the model reads at most; default 30 000. */
  readonly maxOutputBytes?: number;
  readonly killGraceMs?: number;
}

/** `shell {command, description?, timeout_ms?, background?}`. */
export class ShellTool extends DeclarativeTool<Params> {
  constructor(private readonly options: ShellToolOptions) {
    super({ name: 'shell', displayName: 'Shell', description: DESCRIPTION, kind: Kind.Execute, parameters: zodParameters(schema) });
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    const cwd = this.options.workspace.root;
    return {
      toolName: this.name,
      kind: this.kind,
      params,
      getDescription: () => params.description ? `${params.command} (${params.description})` : params.command,
      toolLocations: () => [{ path: cwd }],
      shouldConfirmExecute: () => Promise.resolve({ type: 'exec', title: params.description ?? 'Run command', command: params.command, cwd }),
      execute: (signal, updateOutput) => (params.background ? this.startBackground(params, cwd) : this.run(params, cwd, signal, updateOutput)),
    };
  }

  private logFile(): string {
    return path.join(this.options.logDirectory, `shell-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.log`);
  }

  private startBackground(params: Params, cwd: string): Promise<ToolResult> {
    try {
      const started = this.options.background.start({ command: params.command, cwd, env: childEnvironment(this.options.env ?? process.env), logPath: this.logFile() });
      const text = `Started in the background with pid ${started.pid}. Output goes to ${started.logPath}; read it with read_file or shell (tail).`;
      return Promise.resolve({ llmContent: text, display: { type: 'text', text: `Background pid ${started.pid}` } });
    } catch (error) {
      return Promise.resolve(errorResult('shell_failed', describeError(error)));
    }
  }

  private async run(params: Params, cwd: string, signal: AbortSignal, updateOutput?: (output: string) => void): Promise<ToolResult> {
    let result: RunResult;
    try {
      result = await runProcess({
        command: params.command,
        cwd,
        env: childEnvironment(this.options.env ?? process.env),
        timeoutMs: params.timeout_ms ?? DEFAULT_SHELL_TIMEOUT_MS,
        signal,
        maxOutputBytes: this.options.maxOutputBytes ?? 30_000,
        logFile: () => this.logFile(),
        onOutput: updateOutput,
        killGraceMs: this.options.killGraceMs,
      });
    } catch (error) {
      return errorResult('shell_failed', `Could not run the command: ${describeError(error)}`);
    } finally {
      this.options.files.invalidate();
    }
    return formatRun(params, result);
  }
}

function formatRun(params: Params, result: RunResult): ToolResult {
  const { output } = result;
  const status = result.timedOut
    ? `Timed out after ${params.timeout_ms ?? DEFAULT_SHELL_TIMEOUT_MS} ms; the process group was killed.`
    : result.cancelled
      ? 'Cancelled by the user; the process group was killed.'
      : result.signal
        ? `Killed by signal ${result.signal}.`
        : result.exitCode !== null
          ? `Exit code: ${result.exitCode}`
          : 'Ended without an exit code or signal.';
  const body = output.binary
    ? `[Binary output, ${output.totalBytes} bytes, not shown.${output.logPath ? ` Saved to ${output.logPath}.` : ''}]`
    : output.text.trimEnd() || '(no output)';
  const note = output.truncated && !output.binary ? `\n[Output was ${output.totalBytes} bytes; the middle was left out. Full log: ${output.logPath}]` : '';
  const llmContent = `Command: ${params.command}\n${body}${note}\n${status}`;
  const display = { type: 'text' as const, text: `${body}${note}\n${status}` };
  if (result.timedOut) return { llmContent, display, error: { type: 'timeout', message: status } };
  if (result.cancelled) return { llmContent, display, error: { type: 'cancelled', message: status } };
  return { llmContent, display };
}
