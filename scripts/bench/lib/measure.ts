import { spawn } from 'node:child_process';

/** Milliseconds elapsed since `start` (from `process.hrtime.bigint()`). */
export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Times one run of a command from spawn to exit, output discarded. Rejects when it exits non-zero,
 * so a broken build cannot pass as a fast one.
 */
export function timeCommand(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const ms = elapsedMs(start);
      if (code === 0) resolve(ms);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Measures a subject and its baseline alternately (`warmup` unrecorded rounds first), so both see
 * the same machine noise on a shared computer. Returns `runs` samples of each.
 */
export async function interleave(
  runs: number,
  subject: () => Promise<number>,
  baseline: () => Promise<number>,
  options: { warmup?: number; log?: (message: string) => void } = {},
): Promise<{ samples: number[]; baseline: number[] }> {
  for (let round = 0; round < (options.warmup ?? 2); round += 1) {
    await baseline();
    await subject();
  }
  const samples: number[] = [];
  const baselineSamples: number[] = [];
  for (let round = 0; round < runs; round += 1) {
    // Alternate which goes first so neither always runs right after the other warmed the cache.
    if (round % 2 === 0) {
      baselineSamples.push(await baseline());
      samples.push(await subject());
    } else {
      samples.push(await subject());
      baselineSamples.push(await baseline());
    }
    options.log?.(`run ${round + 1}/${runs}`);
  }
  return { samples, baseline: baselineSamples };
}
