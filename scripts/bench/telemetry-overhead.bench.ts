import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRedactor, createTelemetry } from '../../packages/core/src/index.js';
import { PLANTED, PLANTED_ENV, runScriptedSession } from '../../packages/core/src/telemetry/scripted-session.fixture.js';
import type { BenchContext, BenchSamples, Budget } from './lib/bench-types.js';
import { interleave } from './lib/measure.js';

export const name = 'telemetry-overhead';
export const description =
  'a real AgentSession streaming ~30,000 events (two prompts, tools, an approval, a compression) with telemetry on (file exporter) beside telemetry off, per streamed event';
/** issue 11: with telemetry on, the loop's cost per streamed event stays within 10% of telemetry off. */
export const budget: Budget = { maxRatio: 1.1 };

/** Text deltas per model response; three responses per session (a session of ~12 ms CPU was mostly noise). */
const TEXT_PIECES = 10_000;

async function timeSession(enabled: boolean, home: string): Promise<number> {
  const redactor = createRedactor({ secrets: [PLANTED.providerKey], env: PLANTED_ENV });
  // Creating the pipeline and the final export are once per process, not per event: outside the timing.
  const telemetry = await createTelemetry({ enabled, target: 'file' }, { paths: { home }, redactor });
  // CPU time, not wall time: the loop and the observers are CPU-bound, and on a shared machine
  // waiting for a core would swamp a difference of a few percent.
  const start = process.cpuUsage();
  const events = await runScriptedSession(telemetry, { textPieces: TEXT_PIECES });
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000 / events.length;
  await telemetry.shutdown();
  return ms;
}

/** Times the same scripted session with and without telemetry, interleaved. */
export async function run(context: BenchContext): Promise<BenchSamples> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'alfred-bench-telemetry-'));
  try {
    const { samples, baseline } = await interleave(
      context.runs,
      () => timeSession(true, home),
      () => timeSession(false, home),
      { log: context.log, warmup: 3 },
    );
    return {
      samples,
      baseline: { label: 'telemetry off', samples: baseline },
      note: `CPU ms (user + system) per agent event over one session of ${3 * TEXT_PIECES}+ events, spans and metrics recorded as they stream; creating the pipeline and the final export to the file are once per process and not timed`,
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
