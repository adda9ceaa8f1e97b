import type { PolicyEngine } from '../policy/policy-engine.js';
import type { ApprovalMode } from '../policy/types.js';
import type { CommandFileReader, CommandShell } from '../prompt/custom-commands.js';
import type { ShellModeRunner } from '../prompt/prompt-processor.js';
import type { ToolRegistry } from '../tools/registry.js';
import { readFileContent } from '../workspace/text-file.js';
import type { WorkspaceContext } from '../workspace/workspace-context.js';

export interface ShellModeOptions {
  registry: ToolRegistry;
  policy: PolicyEngine;
  approvalMode: () => ApprovalMode;
  workspaceRoot: string;
}

/** A shell-mode runner, plus whether it may run commands the policy would ask about. */
export type GatedShellRunner = ShellModeRunner & { strict: CommandShell };

/**
 * Runs `!command` lines through the shell tool under the policy. A command the user typed and
 * entered is their approval for "ask", but never overrides a deny rule (or plan mode). The
 * `strict` variant, used for `!{…}` inside custom commands that a file supplied, runs only what
 * the policy allows outright.
 */
export function createShellModeRunner(options: ShellModeOptions): GatedShellRunner {
  const run = async (command: string, signal: AbortSignal, onOutput: (chunk: string) => void, strict: boolean) => {
    const built = options.registry.build('shell', { command });
    if (!built.ok) return { denied: built.error };
    const verdict = await options.policy.check({
      toolName: 'shell',
      kind: 'execute',
      args: { command },
      command,
      cwd: options.workspaceRoot,
      approvalMode: options.approvalMode() === 'plan' ? 'plan' : 'default',
    });
    if (verdict.decision === 'deny') return { denied: verdict.reason };
    if (strict && verdict.decision === 'ask_user') return { denied: `${verdict.reason} (commands inside custom commands run only when a rule allows them)` };
    let shown = '';
    const result = await built.invocation.execute(signal, (output) => {
      const chunk = output.startsWith(shown) ? output.slice(shown.length) : output;
      shown = output;
      if (chunk) onOutput(chunk);
    });
    const text = typeof result.llmContent === 'string' ? result.llmContent : result.llmContent.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    const exit = /Exit code: (\d+)\s*$/.exec(text);
    const exitCode = exit ? Number(exit[1]) : result.error ? 1 : null;
    return { output: shown || (typeof result.display === 'object' && result.display.type === 'text' ? result.display.text : text), exitCode };
  };
  const runner = ((command, signal, onOutput) => run(command, signal, onOutput, false)) as GatedShellRunner;
  runner.strict = async (command) => {
    const outcome = await run(command, AbortSignal.timeout(120_000), () => undefined, true);
    return 'denied' in outcome ? outcome : { output: outcome.output };
  };
  return runner;
}

/** What custom commands use for `!{…}` and `@{…}`: the strict shell and workspace-checked reads. */
export function createCommandIo(options: { shell: GatedShellRunner; workspace: WorkspaceContext }): { shell: CommandShell; readFile: CommandFileReader } {
  return {
    shell: options.shell.strict,
    async readFile(file) {
      const resolved = await options.workspace.resolve(file);
      if (!resolved.ok) throw new Error(resolved.message);
      const content = await readFileContent(resolved.realPath);
      if (content.kind !== 'text') throw new Error(`not a text file (${content.kind})`);
      return content.text;
    },
  };
}
