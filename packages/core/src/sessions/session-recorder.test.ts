import { tempWorkspace } from '@alfred/testkit';
import { describe, expect, it } from 'vitest';
import { AgentSession } from '../agent/agent-session.js';
import type { AgentToolbox, ApprovalGate } from '../agent/ports.js';
import type { ContentBlock } from '../content/content.js';
import { HistoryService } from '../history/history-service.js';
import type { Provider, ProviderRequest } from '../providers/provider.js';
import type { StreamEvent } from '../providers/stream-event.js';
import { SessionStore } from './session-store.js';

/** Answers the first request with a write_file call and the second with text, streamed in pieces. */
class TwoStepProvider implements Provider {
  readonly name = 'scripted';
  readonly api = 'anthropic' as const;
  private step = 0;

  async *stream(_request: ProviderRequest): AsyncIterable<StreamEvent> {
    this.step += 1;
    const blocks: ContentBlock[] = [];
    if (this.step === 1) {
      yield { type: 'text_delta', text: 'Writing it. ' };
      const call = { type: 'tool_call' as const, id: 'hist_tool_22222222-2222-4222-8222-222222222222', name: 'write_file', parameters: { path: 'a.txt' } };
      yield { type: 'tool_call_start', callId: call.id, name: call.name };
      yield { type: 'tool_call_end', call };
      blocks.push({ type: 'text', text: 'Writing it. ' }, call);
    } else {
      for (const piece of ['Done', ', the file ', 'is written.']) yield { type: 'text_delta', text: piece };
      blocks.push({ type: 'text', text: 'Done, the file is written.' });
    }
    const reason = this.step === 1 ? 'tool_calls' : 'stop';
    yield { type: 'finish', reason: { unified: reason, raw: undefined }, content: { speaker: 'ai', blocks }, usage: { inputTokens: 5, outputTokens: 5 } };
  }
}

const tools: AgentToolbox = {
  declarations: () => [{ name: 'write_file', description: 'write', parameters: { type: 'object' } }],
  prepare: (name, args) => ({
    name,
    args,
    description: `Write ${String(args['path'])}`,
    kind: 'edit',
    readOnly: false,
    confirmationView: async () => ({ type: 'edit', path: String(args['path']), diff: '+x' }),
    execute: async () => ({ llmContent: `wrote ${String(args['path'])}`, view: { summary: 'written' } }),
  }),
};
const ask: ApprovalGate = { check: async () => ({ decision: 'ask' }), remember: () => undefined };

describe('SessionRecorder with a real AgentSession', () => {
  it('records a tool-using turn so that resume rebuilds the same history, with the approval in the audit trail', async () => {
    await using ws = await tempWorkspace();
    const store = SessionStore.forProject(ws.root, ws.env());
    const history = new HistoryService({ contextWindow: 100_000 });
    const provider = new TwoStepProvider();
    const session = new AgentSession({
      history,
      activeModel: () => ({ provider, model: 'test-model', contextWindow: 100_000 }),
      toolbox: tools,
      gate: ask,
      systemPrompt: async () => 'You are alfred.',
    });
    const recorder = store.create({ provider: 'scripted', model: 'test-model' });
    recorder.attach(history);
    for await (const event of recorder.track(session.send('write a.txt'))) {
      if (event.type === 'tool_confirmation_request') session.respond(event.callId, { kind: 'modify', args: { path: 'b.txt' } });
    }
    recorder.close();

    const loaded = await store.load(recorder.id);
    expect(loaded.history).toEqual(history.list());
    expect(loaded.notices).toEqual([]);
    expect(loaded.summary).toMatchObject({ title: 'write a.txt', messageCount: 4, model: 'test-model' });
    const [decision] = await store.auditTrail(recorder.id);
    expect(decision).toMatchObject({ tool: 'write_file', args: { path: 'a.txt' }, outcome: { kind: 'modify', args: { path: 'b.txt' } }, decidedBy: 'user' });
  });
});
