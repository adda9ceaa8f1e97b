import type { ConfirmationView } from '../agent/events.js';
import type { AgentToolbox, PreparedCall, ToolExecution } from '../agent/ports.js';
import type { ContentBlock } from '../content/content.js';
import type { PolicyEngine } from '../policy/policy-engine.js';
import { renderCommandForConfirmation } from '../policy/shell/render-command.js';
import type { ToolDeclaration } from '../providers/provider.js';
import { isReadOnlyKind, type Kind } from '../tools/kind.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolConfirmationDetails, ToolInvocation } from '../tools/tool-invocation.js';
import type { ToolResult } from '../tools/tool-result.js';

/** A prepared call that still carries its invocation, for the policy adapter and checkpoints. */
export interface InvocationCall extends PreparedCall {
  readonly invocation: ToolInvocation;
  readonly toolKind: Kind;
}

export interface ToolboxOptions {
  registry: ToolRegistry;
  policy: PolicyEngine;
  /** Runs before a call that changes files (checkpoints snapshot what it will touch). */
  beforeChange?: (call: InvocationCall) => Promise<void>;
}

/** Adapts the tool registry to what the agent loop needs, hiding tools an unconditional deny covers. */
export function createToolbox(options: ToolboxOptions): AgentToolbox {
  const { registry, policy } = options;
  return {
    declarations(): readonly ToolDeclaration[] {
      return registry.getDeclarations().filter((declaration) => {
        const tool = registry.getTool(declaration.name);
        return !policy.isToolHidden(declaration.name, { kind: tool?.kind ?? 'other' });
      });
    },
    prepare(name, args) {
      const built = registry.build(name, args);
      if (!built.ok) return { error: built.error };
      return prepared(built.invocation, args, options);
    },
  };
}

function prepared(invocation: ToolInvocation, args: Record<string, unknown>, options: ToolboxOptions): InvocationCall {
  const kind = invocation.kind;
  const call: InvocationCall = {
    name: invocation.toolName,
    args,
    invocation,
    toolKind: kind,
    description: invocation.getDescription(),
    kind,
    readOnly: isReadOnlyKind(kind),
    async confirmationView(signal) {
      const details = await invocation.shouldConfirmExecute(signal);
      return details ? toView(details, options.policy) : undefined;
    },
    async execute(signal, onOutput) {
      if (!isReadOnlyKind(kind)) await options.beforeChange?.(call);
      let shown = '';
      // Tools report the whole output so far; the loop's events carry only what is new.
      const result = await invocation.execute(signal, (output) => {
        const chunk = output.startsWith(shown) ? output.slice(shown.length) : `\n${output}`;
        shown = output;
        if (chunk) onOutput(chunk);
      });
      return toExecution(result);
    },
  };
  return call;
}

function toView(details: ToolConfirmationDetails, policy: PolicyEngine): ConfirmationView {
  switch (details.type) {
    case 'edit':
      return { type: 'edit', path: details.path, diff: details.diff, isNewFile: details.originalContent === null };
    case 'exec': {
      const analysis = policy.analyzeCommand(details.command, details.cwd);
      const rendered = renderCommandForConfirmation(details.command, analysis);
      return { type: 'exec', command: details.command, visibleCommand: rendered.text, subCommands: [...rendered.subCommands] };
    }
    case 'fetch':
      return { type: 'fetch', urls: [details.url] };
    case 'mcp':
      return { type: 'mcp', server: details.server, tool: details.tool, args: { ...details.args } };
  }
}

function toExecution(result: ToolResult): ToolExecution {
  const llmContent: string | ContentBlock[] =
    typeof result.llmContent === 'string'
      ? result.llmContent
      : result.llmContent.map((part): ContentBlock => (part.type === 'text' ? { type: 'text', text: part.text } : { ...part }));
  const display = result.display;
  const view =
    display.type === 'diff'
      ? { summary: `${display.isNewFile ? 'Created' : 'Edited'} ${display.path}`, diff: display.diff }
      : display.type === 'todos'
        ? { summary: `${display.todos.filter((todo) => todo.status === 'completed').length}/${display.todos.length} tasks done`, text: display.todos.map((todo) => `${todo.status === 'completed' ? '✔' : todo.status === 'in_progress' ? '▶' : '○'} ${todo.content}`).join('\n') }
        : { summary: firstLine(display.text), text: display.text };
  return { llmContent, view, ...(result.error ? { error: result.error.message } : {}) };
}

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}
