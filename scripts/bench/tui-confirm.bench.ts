import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAlfred, startMockLlmServer, tempWorkspace, trustWorkspace, type MockLlmServer, type PtySession } from '../../packages/testkit/src/index.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { COLS, isReady, median, ROWS } from './tui-fixture.js';

export const name = 'tui-confirm';
export const description =
  "a shell tool call from the model (mock Anthropic server, real engine: policy, shell analysis, scheduler) until its confirmation dialog is on screen, timed from the last byte of the model's streamed answer; full screen and inline, 120×40";
/** Issue 12: a tool call's confirmation dialog on screen ≤ 100 ms after the model's call arrives. */
export const budget: Budget = { maxMedianMs: 100 };

/**
 * Forwards alfred's requests to the mock server and notes when each answer's last byte went out:
 * the moment the model's tool call has arrived in full.
 */
async function timingProxy(target: string): Promise<{ url: string; answered: bigint[]; close(): Promise<void> }> {
  const answered: bigint[] = [];
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: request.headers },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
        // Only the model's streamed answers; a model list or token count is not the call arriving.
        if (request.url?.startsWith('/v1/messages') === true && request.url.includes('count_tokens') === false) reply.once('end', () => answered.push(process.hrtime.bigint()));
      },
    );
    forward.once('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One prompt whose answer is a shell call needing approval: ms from its arrival to the dialog on screen. */
async function confirmation(session: PtySession, mock: MockLlmServer, answered: bigint[], index: number): Promise<number> {
  mock.reset();
  mock.enqueue({ toolCalls: [{ name: 'shell', arguments: { command: `rm -rf build-${index}` } }] }, { text: `Left build-${index} alone.` });
  const prompt = `clean build ${index}`;
  session.type(prompt);
  await session.waitForText(prompt);
  const before = answered.length;
  session.press('enter');
  await session.waitForText('Allow this tool call?', { timeoutMs: 30_000 });
  const shown = process.hrtime.bigint();
  const arrived = answered.slice(before).findLast((time) => time <= shown);
  if (arrived === undefined) throw new Error('the dialog showed before the model answered');
  // Declined without a reason: the turn ends and the composer comes back.
  session.press('escape');
  await session.waitForText((lines) => !lines.some((line) => line.includes('Allow this tool call?')) && isReady(lines) && !lines.some((line) => line.includes('esc to cancel')), { timeoutMs: 30_000 });
  return Number(shown - arrived) / 1e6;
}

async function measureMode(context: BenchContext, mock: MockLlmServer, proxy: { url: string; answered: bigint[] }, inline: boolean) {
  await using workspace = await tempWorkspace({ prefix: 'alfred-bench-' });
  await trustWorkspace(workspace);
  const env = workspace.env({ ANTHROPIC_BASE_URL: proxy.url, ANTHROPIC_API_KEY: 'test', NO_COLOR: '' });
  await using session = startAlfred({ cwd: workspace.root, env, cols: COLS, rows: ROWS, args: inline ? ['--inline'] : [] });
  await session.waitForText(isReady, { timeoutMs: 30_000 });
  await session.waitForRawInput();
  // The first call of a session also loads the shell parser; it is reported, not sampled.
  const first = await confirmation(session, mock, proxy.answered, 0);
  const samples: number[] = [];
  for (let index = 1; index <= context.runs; index++) {
    samples.push(await confirmation(session, mock, proxy.answered, index));
    context.log(`${inline ? 'inline' : 'full screen'} ${index}/${context.runs}: ${samples.at(-1)?.toFixed(1)} ms`);
  }
  return { first, samples };
}

export async function run(context: BenchContext): Promise<BenchSamples> {
  const mock = await startMockLlmServer();
  const proxy = await timingProxy(mock.url);
  try {
    const full = await measureMode(context, mock, proxy, false);
    const inline = await measureMode(context, mock, proxy, true);
    return {
      samples: [...full.samples, ...inline.samples],
      note: `full screen median ${median(full.samples).toFixed(1)} ms, inline ${median(inline.samples).toFixed(1)} ms (samples are both); the first call of a session (the shell parser is loaded in the background 0.3 s after start): ${full.first.toFixed(1)} ms full screen, ${inline.first.toFixed(1)} ms inline`,
    };
  } finally {
    await proxy.close();
    await mock.close();
  }
}
