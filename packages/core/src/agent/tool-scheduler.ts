import type { ContentBlock, MediaBlock, ToolCallBlock, ToolResponseBlock } from '../content/content.js';
import type { AgentEvent, ConfirmationOutcome, ConfirmationView } from './events.js';
import type { AgentToolbox, ApprovalGate, PreparedCall, ToolExecution } from './ports.js';
import { INVALID_ARGUMENTS_KEY } from '../providers/turn-assembler.js';

/** What the model reads for a call the user stopped. */
export const CANCELLED_BY_USER = 'Cancelled by the user before the tool finished.';

/** Everything the scheduler needs from the session. */
export interface SchedulerContext {
  toolbox: AgentToolbox;
  gate: ApprovalGate;
  emit: (event: AgentEvent) => void;
  signal: AbortSignal;
  /** False in headless mode: anything that would ask is denied and the model is told why. */
  interactive: boolean;
  /** Waits for the UI's answer to a confirmation request (resolved by `AgentSession.respond`). */
  awaitConfirmation: (callId: string, view: ConfirmationView, signal: AbortSignal) => Promise<ConfirmationOutcome>;
}

/** One call's outcome: its response block, plus any media the tool returned. */
interface CallOutcome {
  response: ToolResponseBlock;
  media: MediaBlock[];
}

/**
 * Runs the tool calls of one model turn and returns the blocks of the tool turn that answers them,
 * one response per call in call order. Read-only batches run in parallel; anything else in order.
 * Every failure (unknown tool, bad arguments, denial, a throwing tool, cancellation) becomes an
 * error response the model can act on; nothing here ends the turn.
 */
export async function runToolCalls(calls: readonly ToolCallBlock[], context: SchedulerContext): Promise<ContentBlock[]> {
  const prepared = calls.map((call) => ({ call, prepared: prepareCall(call, context.toolbox) }));
  for (const { call, prepared: entry } of prepared) {
    const isPrepared = !('error' in entry);
    context.emit({
      type: 'tool_call',
      call: {
        id: call.id,
        name: call.name,
        args: call.parameters,
        description: isPrepared ? entry.description : call.name,
        kind: isPrepared ? entry.kind : 'other',
      },
    });
  }
  const allReadOnly = prepared.every(({ prepared: entry }) => !('error' in entry) && entry.readOnly);
  let outcomes: CallOutcome[];
  if (allReadOnly) {
    outcomes = await Promise.all(prepared.map(({ call, prepared: entry }) => runOne(call, entry, context)));
  } else {
    outcomes = [];
    for (const { call, prepared: entry } of prepared) outcomes.push(await runOne(call, entry, context));
  }
  return [...outcomes.map((outcome) => outcome.response), ...outcomes.flatMap((outcome) => outcome.media)];
}

function prepareCall(call: ToolCallBlock, toolbox: AgentToolbox): PreparedCall | { error: string } {
  const raw = call.parameters[INVALID_ARGUMENTS_KEY];
  if (typeof raw === 'string') {
    return { error: `The arguments of this ${call.name} call were not a valid JSON object (received: ${raw.slice(0, 300)}). Call it again with the arguments as one JSON object.` };
  }
  return toolbox.prepare(call.name, call.parameters);
}

async function runOne(call: ToolCallBlock, entry: PreparedCall | { error: string }, context: SchedulerContext): Promise<CallOutcome> {
  if (context.signal.aborted) return finish(call, context, 'cancelled', CANCELLED_BY_USER, 'Cancelled');
  if ('error' in entry) return finish(call, context, 'error', entry.error, entry.error);
  let prepared = entry;
  const verdict = await context.gate.check(prepared, context.signal);
  if (verdict.decision === 'deny') {
    return finish(call, context, 'error', `Denied by policy: ${verdict.reason}`, `Denied: ${verdict.reason}`);
  }
  if (verdict.decision === 'ask') {
    const answer = await askUser(call, prepared, context);
    if ('refusal' in answer) return finish(call, context, answer.status, answer.refusal, answer.summary);
    prepared = answer.prepared;
  }
  return execute(call, prepared, context);
}

type AskResult = { prepared: PreparedCall } | { refusal: string; summary: string; status: 'error' | 'cancelled' };

async function askUser(call: ToolCallBlock, prepared: PreparedCall, context: SchedulerContext): Promise<AskResult> {
  if (!context.interactive) {
    const reason = `"${prepared.description}" needs the user's approval, and alfred is running headless, so it was not run. Do not retry it; continue without it or explain what the user should allow (for example with --approval-mode or an allow rule).`;
    return { refusal: reason, summary: 'Needs approval (headless: denied)', status: 'error' };
  }
  const view = (await prepared.confirmationView(context.signal)) ?? { type: 'info', text: prepared.description };
  context.emit({ type: 'tool_confirmation_request', callId: call.id, view });
  let outcome: ConfirmationOutcome;
  try {
    outcome = await context.awaitConfirmation(call.id, view, context.signal);
  } catch {
    return { refusal: CANCELLED_BY_USER, summary: 'Cancelled', status: 'cancelled' };
  }
  context.emit({ type: 'tool_confirmation_result', callId: call.id, outcome, decidedBy: 'user' });
  await context.gate.remember(prepared, outcome);
  if (outcome.kind === 'cancel') {
    const reason = outcome.reason?.trim();
    const refusal = reason ? `The user declined this call. Their reason: ${reason}` : 'The user declined this call.';
    return { refusal, summary: reason ? `Declined: ${reason}` : 'Declined', status: 'cancelled' };
  }
  if (outcome.kind === 'modify') {
    const modified = context.toolbox.prepare(call.name, outcome.args);
    if ('error' in modified) return { refusal: `The user's edited arguments were invalid: ${modified.error}`, summary: modified.error, status: 'error' };
    return { prepared: modified };
  }
  return { prepared };
}

async function execute(call: ToolCallBlock, prepared: PreparedCall, context: SchedulerContext): Promise<CallOutcome> {
  const started = Date.now();
  let output = '';
  context.emit({ type: 'tool_start', callId: call.id });
  let execution: ToolExecution;
  try {
    execution = await prepared.execute(context.signal, (chunk) => {
      output += chunk;
      context.emit({ type: 'tool_output', callId: call.id, chunk });
    });
  } catch (error) {
    if (context.signal.aborted) return cancelledWithOutput(call, context, output, started);
    const message = error instanceof Error ? error.message : String(error);
    return finish(call, context, 'error', `The tool failed: ${message}`, message, started);
  }
  if (context.signal.aborted) return cancelledWithOutput(call, context, output, started);
  const durationMs = Date.now() - started;
  const media = Array.isArray(execution.llmContent)
    ? execution.llmContent.filter((block): block is MediaBlock => block.type === 'media')
    : [];
  const text = Array.isArray(execution.llmContent)
    ? execution.llmContent.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
    : execution.llmContent;
  const response: ToolResponseBlock = execution.error
    ? { type: 'tool_response', callId: call.id, toolName: call.name, error: execution.error, ...(text ? { result: text } : {}) }
    : { type: 'tool_response', callId: call.id, toolName: call.name, result: text };
  context.emit({ type: 'tool_result', callId: call.id, status: execution.error ? 'error' : 'completed', view: execution.view, durationMs });
  return { response, media };
}

function cancelledWithOutput(call: ToolCallBlock, context: SchedulerContext, output: string, started: number): CallOutcome {
  const tail = output.length > 4_000 ? `…${output.slice(-4_000)}` : output;
  const message = tail ? `${CANCELLED_BY_USER} Output so far:\n${tail}` : CANCELLED_BY_USER;
  return finish(call, context, 'cancelled', message, 'Cancelled', started);
}

function finish(
  call: ToolCallBlock,
  context: SchedulerContext,
  status: 'error' | 'cancelled',
  message: string,
  summary: string,
  started = Date.now(),
): CallOutcome {
  context.emit({ type: 'tool_result', callId: call.id, status, view: { summary }, durationMs: Date.now() - started });
  return { response: { type: 'tool_response', callId: call.id, toolName: call.name, error: message }, media: [] };
}
