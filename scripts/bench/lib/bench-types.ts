/**
 * The contract of a benchmark module: `scripts/bench/<name>.bench.ts` (or `.mjs`) exports these.
 *
 * ```ts
 * export const name = 'settings-load';            // must equal the file name before `.bench`
 * export const description = 'load and merge four settings layers';
 * export const budget: Budget = { maxMedianMs: 20 };
 * export async function run(context: BenchContext): Promise<BenchSamples> { … }
 * ```
 */

/** What a benchmark must stay within. A ratio compares the medians of samples and baseline. */
export type Budget = { maxMedianMs: number } | { maxRatio: number };

/** What the runner hands to `run`. */
export interface BenchContext {
  /** How many measured runs to take (`--runs N`, default 10); take at least this many samples. */
  runs: number;
  /** The repository root. */
  root: string;
  /** The bundled `alfred` command (`packages/ink/dist/alfred.js`), built before benches run. */
  alfredBundle: string;
  /** Progress output on stderr, so a long bench shows it is alive. */
  log(message: string): void;
}

/** What `run` returns: durations in milliseconds. */
export interface BenchSamples {
  samples: number[];
  /** A reference measured in the same run (interleaved), e.g. `node -e 0`; needed by `maxRatio`. */
  baseline?: { label: string; samples: number[] };
  /** One line shown under the table, e.g. what exactly was timed. */
  note?: string;
}

/** The shape of a benchmark module, as the runner checks it. */
export interface BenchModule {
  name: string;
  description: string;
  budget: Budget;
  run(context: BenchContext): Promise<BenchSamples>;
}
