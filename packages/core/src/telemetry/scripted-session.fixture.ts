/**
 * A real `AgentSession` driven by a scripted provider at our own interface, for the telemetry,
 * log and redaction tests and the telemetry bench: a retry, streamed text, a read-only tool, a
 * command that asks for approval, a compression and a final answer, with known secrets planted in
 * the prompt, the model's text, tool arguments, file contents and the environment.
 */
import type { AgentEvent } from '../agent/events.js';
import { AgentSession } from '../agent/agent-session.js';
import type { AgentToolbox, ApprovalGate, PreparedCall } from '../agent/ports.js';
import type { IContent, ToolCallBlock } from '../content/content.js';
import { HistoryService } from '../history/history-service.js';
import { SUMMARY_INSTRUCTION } from '../history/summary-prompt.js';
import type { Provider, ProviderRequest } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-error.js';
import type { StreamEvent } from '../providers/stream-event.js';

/** Secrets planted in the session; none may appear in any export. */
export const PLANTED = {
  /** The provider key alfred would have resolved (told to the redactor). */
  providerKey: 'sk-ant-api03-PLANTEDproviderKEY0123456789',
  /** The value of a `*_TOKEN` environment variable (the redactor reads the environment). */
  envName: 'ALFRED_FIXTURE_DEPLOY_TOKEN',
  envToken: 'deploy-7c1e9a52f0b44d',
  /** A bearer token inside a command line. */
  bearer: 'bearerPLANTED9f8e7d6c5b4a',
  /** An OpenAI-shaped key nobody told the redactor about. */
  strayKey: 'sk-proj-STRAYstrayKEY0123456789abcdef',
} as const;

/** Plain words that are content, not secrets: absent from exports unless `logPrompts` is on. */
export const CONTENT_MARKERS = {
  prompt: 'PROMPT-MARKER-lighthouse',
  response: 'RESPONSE-MARKER-harbour',
  fileContents: 'FILE-MARKER-anchor',
  command: 'COMMAND-MARKER-rope',
} as const;

/** Everything the redactor could not know by shape, and the environment it reads. */
export const PLANTED_ENV: Record<string, string> = { [PLANTED.envName]: PLANTED.envToken };

const CONTEXT_WINDOW = 6_000;

function isSummaryRequest(request: ProviderRequest): boolean {
  const last = request.history.at(-1);
  return last?.blocks.some((block) => block.type === 'text' && block.text === SUMMARY_INSTRUCTION) ?? false;
}

/** Plays the script: turn 1 retries, talks and calls two tools; turn 2 answers; summaries on demand. */
class ScriptedProvider implements Provider {
  readonly name = 'anthropic';
  readonly api = 'anthropic' as const;
  private turn = 0;

  constructor(private readonly textPieces: number) {}

  async *stream(request: ProviderRequest): AsyncIterable<StreamEvent> {
    if (isSummaryRequest(request)) {
      yield* this.answer(['Summary: the user asked about the deploy; ', `key ${PLANTED.providerKey} was seen.`], []);
      return;
    }
    this.turn += 1;
    if (this.turn === 1) {
      const error = new ProviderError({ kind: 'rate_limit', message: `429 for key ${PLANTED.providerKey}`, status: 429 });
      yield { type: 'retry', attempt: 1, maxAttempts: 3, delayMs: 1, error };
      const pieces = [`${CONTENT_MARKERS.response} using ${PLANTED.strayKey} `, ...Array.from({ length: this.textPieces }, (_, index) => `word${index} `)];
      yield* this.answer(pieces, [
        { name: 'read_file', parameters: { path: 'deploy.env' } },
        { name: 'shell', parameters: { command: `curl -H "Authorization: Bearer ${PLANTED.bearer}" https://example.test/${CONTENT_MARKERS.command}` } },
      ]);
      return;
    }
    const pieces = [`Done. The token ${PLANTED.envToken} is set. `, ...Array.from({ length: this.textPieces }, (_, index) => `more${index} `)];
    yield* this.answer(pieces, []);
  }

  private *answer(pieces: string[], calls: { name: string; parameters: Record<string, unknown> }[]): Iterable<StreamEvent> {
    const blocks: IContent['blocks'] = [];
    for (const text of pieces) yield { type: 'text_delta', text };
    blocks.push({ type: 'text', text: pieces.join('') });
    for (const [index, call] of calls.entries()) {
      const block: ToolCallBlock = { type: 'tool_call', id: `hist_tool_${this.turn}_${index}`, name: call.name, parameters: call.parameters };
      yield { type: 'tool_call_start', callId: block.id, name: block.name };
      yield { type: 'tool_call_end', call: block };
      blocks.push(block);
    }
    const usage = { inputTokens: 1_200, outputTokens: 300, cacheReadTokens: 800, thinkingTokens: 40 };
    yield { type: 'finish', reason: { unified: calls.length > 0 ? 'tool_calls' : 'stop', raw: undefined }, content: { speaker: 'ai', blocks }, usage };
  }
}

/** File contents large enough to push the next request past the compression threshold. */
const DEPLOY_FILE = `${CONTENT_MARKERS.fileContents}\n${PLANTED.envName}=${PLANTED.envToken}\n${Array.from({ length: 500 }, (_, line) => `# line ${line}: padding for the context window`).join('\n')}\n`;

const toolbox: AgentToolbox = {
  declarations: () => [
    { name: 'read_file', description: 'read a file', parameters: { type: 'object' } },
    { name: 'shell', description: 'run a command', parameters: { type: 'object' } },
  ],
  prepare(name, args): PreparedCall | { error: string } {
    const readOnly = name === 'read_file';
    return {
      name,
      args,
      description: readOnly ? `Read ${String(args['path'])}` : `Run ${String(args['command'])}`,
      kind: readOnly ? 'read' : 'execute',
      readOnly,
      confirmationView: async () => (readOnly ? undefined : { type: 'info', text: String(args['command']) }),
      execute: async (_signal, onOutput) => {
        if (readOnly) return { llmContent: DEPLOY_FILE, view: { summary: 'Read 502 lines' } };
        onOutput(`HTTP/1.1 200 OK token=${PLANTED.envToken}\n`);
        return { llmContent: 'exit code 0', view: { summary: 'exit code 0' } };
      },
    };
  },
};

const askForCommands: ApprovalGate = {
  check: async (call) => (call.readOnly ? { decision: 'allow' } : { decision: 'ask' }),
  remember: () => undefined,
};

/** Options of the scripted session. */
export interface ScriptedSessionOptions {
  /** Extra text deltas per response, to make a long stream (the bench). */
  textPieces?: number;
}

/** What watches the scripted session: told each prompt's text, then each event. */
export interface ScriptedObserver {
  beginPrompt?(text: string): void;
  observe(event: AgentEvent): void;
}

/**
 * Runs two prompts through a real `AgentSession`, approving the command when asked, and hands
 * every event to the observer in order. Returns the events.
 */
export async function runScriptedSession(observer: ScriptedObserver, options: ScriptedSessionOptions = {}): Promise<AgentEvent[]> {
  const provider = new ScriptedProvider(options.textPieces ?? 3);
  const session = new AgentSession({
    history: new HistoryService({ contextWindow: CONTEXT_WINDOW }),
    activeModel: () => ({ provider, model: 'claude-sonnet-4-5-20250929', contextWindow: CONTEXT_WINDOW }),
    toolbox,
    gate: askForCommands,
    systemPrompt: async () => 'You are alfred.',
  });
  const events: AgentEvent[] = [];
  const prompts = [`${CONTENT_MARKERS.prompt}: deploy with ${PLANTED.providerKey}`, 'and now?'];
  for (const prompt of prompts) {
    observer.beginPrompt?.(prompt);
    for await (const event of session.send(prompt)) {
      events.push(event);
      observer.observe(event);
      if (event.type === 'tool_confirmation_request') session.respond(event.callId, { kind: 'proceed_once' });
    }
  }
  return events;
}
