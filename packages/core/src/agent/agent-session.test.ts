import { describe, expect, it } from 'vitest';
import type { IContent, ToolCallBlock } from '../content/content.js';
import { validateContent } from '../content/validate-content.js';
import { HistoryService } from '../history/history-service.js';
import type { Provider, ProviderRequest } from '../providers/provider.js';
import type { StreamEvent } from '../providers/stream-event.js';
import { AgentSession, MAX_TURNS_NOTICE } from './agent-session.js';
import type { AgentEvent } from './events.js';
import type { AgentToolbox, ApprovalGate, ApprovalVerdict, PreparedCall } from './ports.js';

/** One scripted model response: text and/or tool calls, optionally waiting on a gate mid-stream. */
interface ScriptedTurn {
  text?: string[];
  calls?: Array<{ name: string; args: Record<string, unknown> }>;
  pauseAfterText?: Promise<void>;
}

/** A provider at our own interface that plays scripted turns and records each request. */
class ScriptedProvider implements Provider {
  readonly name = 'scripted';
  readonly api = 'anthropic' as const;
  readonly requests: ProviderRequest[] = [];
  private callCounter = 0;
  constructor(private readonly turns: ScriptedTurn[]) {}

  async *stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    this.requests.push(structuredClone({ ...request, history: [...request.history] }));
    const turn = this.turns.shift() ?? { text: ['(no more turns)'] };
    const blocks: IContent['blocks'] = [];
    for (const piece of turn.text ?? []) {
      if (signal.aborted) throw signal.reason;
      yield { type: 'text_delta', text: piece };
    }
    if (turn.text) blocks.push({ type: 'text', text: turn.text.join('') });
    if (turn.pauseAfterText) {
      await Promise.race([turn.pauseAfterText, new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))]);
    }
    for (const call of turn.calls ?? []) {
      const block: ToolCallBlock = { type: 'tool_call', id: `hist_tool_${(this.callCounter += 1)}`, name: call.name, parameters: call.args };
      yield { type: 'tool_call_start', callId: block.id, name: block.name };
      yield { type: 'tool_call_end', call: block };
      blocks.push(block);
    }
    const reason = turn.calls?.length ? 'tool_calls' : 'stop';
    yield { type: 'finish', reason: { unified: reason, raw: undefined }, content: { speaker: 'ai', blocks }, usage: { inputTokens: 10, outputTokens: 5 } };
  }
}

interface FakeTool {
  readOnly: boolean;
  run: (args: Record<string, unknown>, signal: AbortSignal, onOutput: (chunk: string) => void) => Promise<string>;
}

function toolbox(tools: Record<string, FakeTool>): AgentToolbox {
  return {
    declarations: () => Object.keys(tools).map((name) => ({ name, description: name, parameters: { type: 'object' } })),
    prepare(name, args): PreparedCall | { error: string } {
      const tool = tools[name];
      if (!tool) return { error: `Unknown tool "${name}". Available tools: ${Object.keys(tools).join(', ')}.` };
      if (args['invalid']) return { error: 'parameter "path" must be a string' };
      return {
        name,
        args,
        description: `${name} ${JSON.stringify(args)}`,
        kind: tool.readOnly ? 'read' : 'execute',
        readOnly: tool.readOnly,
        confirmationView: async () => ({ type: 'exec', command: name, visibleCommand: name, subCommands: [name] }),
        execute: async (signal, onOutput) => ({ llmContent: await tool.run(args, signal, onOutput), view: { summary: 'done' } }),
      };
    },
  };
}

const allowAll: ApprovalGate = { check: async () => ({ decision: 'allow' }), remember: () => undefined };
const gate = (decide: (call: PreparedCall) => ApprovalVerdict): ApprovalGate => ({ check: async (call) => decide(call), remember: () => undefined });

function session(provider: Provider, tools: AgentToolbox, approvals: ApprovalGate = allowAll, extra: { maxTurns?: number; interactive?: boolean } = {}) {
  return new AgentSession({
    history: new HistoryService({ contextWindow: 100_000 }),
    activeModel: () => ({ provider, model: 'test-model', contextWindow: 100_000 }),
    toolbox: tools,
    gate: approvals,
    systemPrompt: async () => 'You are alfred.',
    ...extra,
  });
}

async function collect(events: AsyncIterable<AgentEvent>, onEvent?: (event: AgentEvent) => void): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) {
    all.push(event);
    onEvent?.(event);
  }
  return all;
}

const echo: FakeTool = { readOnly: true, run: async (args) => `read ${String(args['path'])}` };

describe('AgentSession', () => {
  it('runs a tool loop until the model answers without calls, and keeps the history valid', async () => {
    const provider = new ScriptedProvider([{ calls: [{ name: 'read_file', args: { path: 'a.ts' } }] }, { text: ['It says ', 'hello.'] }]);
    const agent = session(provider, toolbox({ read_file: echo }));
    const events = await collect(agent.send('what is in a.ts?'));
    expect(events.map((event) => event.type)).toEqual([
      'turn_start', 'usage', 'tool_call', 'tool_start', 'tool_result', 'turn_start', 'text_delta', 'text_delta', 'usage', 'done',
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    const second = provider.requests[1]!;
    const response = second.history.at(-1)!.blocks[0];
    expect(response).toMatchObject({ type: 'tool_response', toolName: 'read_file', result: 'read a.ts' });
    expect(validateContent(agent.history.list()).valid).toBe(true);
  });

  it('runs read-only calls of one turn in parallel and answers them in call order', async () => {
    let running = 0;
    let peak = 0;
    const slow: FakeTool = {
      readOnly: true,
      run: async (args) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return String(args['path']);
      },
    };
    const calls = ['a', 'b', 'c'].map((path) => ({ name: 'read_file', args: { path } }));
    const provider = new ScriptedProvider([{ calls }, { text: ['done'] }]);
    await collect(session(provider, toolbox({ read_file: slow })).send('read three'));
    expect(peak).toBe(3);
    const results = provider.requests[1]!.history.at(-1)!.blocks.map((block) => (block.type === 'tool_response' ? block.result : undefined));
    expect(results).toEqual(['a', 'b', 'c']);
  });

  it('runs state-changing calls one at a time', async () => {
    let running = 0;
    let peak = 0;
    const write: FakeTool = {
      readOnly: false,
      run: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return 'ok';
      },
    };
    const provider = new ScriptedProvider([{ calls: [{ name: 'write', args: { n: 1 } }, { name: 'read_file', args: { path: 'x' } }, { name: 'write', args: { n: 2 } }] }, { text: ['ok'] }]);
    await collect(session(provider, toolbox({ write, read_file: echo })).send('go'));
    expect(peak).toBe(1);
  });

  it('returns unknown tools, invalid arguments and throwing tools to the model as errors and goes on', async () => {
    const broken: FakeTool = { readOnly: true, run: async () => { throw new Error('disk on fire'); } };
    const provider = new ScriptedProvider([
      { calls: [{ name: 'nope', args: {} }, { name: 'read_file', args: { invalid: true } }, { name: 'broken', args: {} }] },
      { text: ['recovered'] },
    ]);
    const events = await collect(session(provider, toolbox({ read_file: echo, broken })).send('try'));
    const errors = provider.requests[1]!.history.at(-1)!.blocks.map((block) => (block.type === 'tool_response' ? block.error : ''));
    expect(errors[0]).toContain('Unknown tool "nope"');
    expect(errors[1]).toContain('"path" must be a string');
    expect(errors[2]).toContain('disk on fire');
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'stop' });
  });

  it('makes one last request without tools at maxTurns and says so', async () => {
    const turns = Array.from({ length: 3 }, (_, index) => ({ calls: [{ name: 'read_file', args: { path: `f${index}` } }] }));
    const provider = new ScriptedProvider([...turns, { text: ['final answer'] }]);
    const events = await collect(session(provider, toolbox({ read_file: echo }), allowAll, { maxTurns: 3 }).send('loop'));
    expect(events.some((event) => event.type === 'max_turns')).toBe(true);
    const last = provider.requests.at(-1)!;
    expect(last.tools ?? []).toHaveLength(0);
    expect(JSON.stringify(last.history.at(-1))).toContain(MAX_TURNS_NOTICE);
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'max_turns' });
  });

  it('stops when the model repeats the same call and closes the open calls', async () => {
    const same = Array.from({ length: 6 }, () => ({ calls: [{ name: 'read_file', args: { path: 'same' } }] }));
    const provider = new ScriptedProvider(same);
    const agent = session(provider, toolbox({ read_file: echo }));
    const events = await collect(agent.send('loop'));
    expect(events.find((event) => event.type === 'loop_detected')).toMatchObject({ kind: 'repeated_call' });
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'loop_detected' });
    expect(provider.requests).toHaveLength(5);
    expect(validateContent(agent.history.list()).valid).toBe(true);
  });

  it('sends a denial reason from the user back to the model and runs nothing', async () => {
    let ran = false;
    const shell: FakeTool = { readOnly: false, run: async () => { ran = true; return 'ran'; } };
    const provider = new ScriptedProvider([{ calls: [{ name: 'shell', args: { command: 'rm -rf build' } }] }, { text: ['understood'] }]);
    const agent = session(provider, toolbox({ shell }), gate(() => ({ decision: 'ask' })));
    await collect(agent.send('clean'), (event) => {
      if (event.type === 'tool_confirmation_request') agent.respond(event.callId, { kind: 'cancel', reason: 'keep the build folder' });
    });
    expect(ran).toBe(false);
    const response = provider.requests[1]!.history.at(-1)!.blocks[0];
    expect(response).toMatchObject({ type: 'tool_response', error: expect.stringContaining('keep the build folder') });
  });

  it('runs a call with the arguments the user edited', async () => {
    const seen: unknown[] = [];
    const shell: FakeTool = { readOnly: false, run: async (args) => { seen.push(args['command']); return 'ok'; } };
    const provider = new ScriptedProvider([{ calls: [{ name: 'shell', args: { command: 'npm test' } }] }, { text: ['ok'] }]);
    const agent = session(provider, toolbox({ shell }), gate(() => ({ decision: 'ask' })));
    await collect(agent.send('test'), (event) => {
      if (event.type === 'tool_confirmation_request') agent.respond(event.callId, { kind: 'modify', args: { command: 'npm test -- --run' } });
    });
    expect(seen).toEqual(['npm test -- --run']);
  });

  it('denies anything that would ask when headless, telling the model why', async () => {
    const shell: FakeTool = { readOnly: false, run: async () => 'ran' };
    const provider = new ScriptedProvider([{ calls: [{ name: 'shell', args: { command: 'ls' } }] }, { text: ['ok'] }]);
    const events = await collect(session(provider, toolbox({ shell }), gate(() => ({ decision: 'ask' })), { interactive: false }).send('x'));
    expect(events.some((event) => event.type === 'tool_confirmation_request')).toBe(false);
    expect(JSON.stringify(provider.requests[1]!.history.at(-1))).toContain('running headless');
  });

  it('keeps partial text when cancelled mid-stream, and the next prompt is accepted', async () => {
    let release!: () => void;
    const pause = new Promise<void>((resolve) => (release = resolve));
    const provider = new ScriptedProvider([{ text: ['Half an ', 'answer'], pauseAfterText: pause }, { text: ['fresh'] }]);
    const agent = session(provider, toolbox({}));
    const events = await collect(agent.send('first'), (event) => {
      if (event.type === 'text_delta' && event.text === 'answer') agent.cancel();
    });
    release();
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'cancelled' });
    const last = agent.history.list().at(-1)!;
    expect(last.speaker).toBe('ai');
    expect(JSON.stringify(last)).toContain('Half an answer');
    const next = await collect(agent.send('second'));
    expect(next.at(-1)).toEqual({ type: 'done', reason: 'stop' });
    expect(validateContent(agent.history.list()).valid).toBe(true);
  });

  it('closes every open call when cancelled while waiting for confirmation', async () => {
    const shell: FakeTool = { readOnly: false, run: async () => 'ran' };
    const provider = new ScriptedProvider([{ calls: [{ name: 'shell', args: { command: 'a' } }, { name: 'shell', args: { command: 'b' } }] }, { text: ['next'] }]);
    const agent = session(provider, toolbox({ shell }), gate(() => ({ decision: 'ask' })));
    const events = await collect(agent.send('go'), (event) => {
      if (event.type === 'tool_confirmation_request') agent.cancel();
    });
    expect(events.at(-1)).toEqual({ type: 'done', reason: 'cancelled' });
    const tool = agent.history.list().at(-1)!;
    expect(tool.blocks.map((block) => block.type === 'tool_response' && block.error)).toEqual([
      expect.stringContaining('Cancelled by the user'),
      expect.stringContaining('Cancelled by the user'),
    ]);
    expect(validateContent(agent.history.list()).valid).toBe(true);
    const next = await collect(agent.send('again'));
    expect(next.at(-1)).toEqual({ type: 'done', reason: 'stop' });
  });

  it('stops a running tool on cancel and keeps its partial output for the model', async () => {
    const long: FakeTool = {
      readOnly: false,
      run: (_args, signal, onOutput) =>
        new Promise((_, reject) => {
          onOutput('line 1\n');
          signal.addEventListener('abort', () => reject(new Error('killed')));
        }),
    };
    const provider = new ScriptedProvider([{ calls: [{ name: 'long', args: {} }] }]);
    const agent = session(provider, toolbox({ long }));
    await collect(agent.send('run'), (event) => {
      if (event.type === 'tool_output') agent.cancel();
    });
    const response = agent.history.list().at(-1)!.blocks[0];
    expect(response).toMatchObject({ type: 'tool_response', error: expect.stringContaining('line 1') });
    expect(validateContent(agent.history.list()).valid).toBe(true);
  });
});
