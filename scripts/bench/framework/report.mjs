// Turns benchmark samples into verdicts and writes bench/results.json and bench/results.md.
// Results of benches not run this time are kept from the previous file, so `pnpm bench startup`
// refreshes two rows without erasing the others.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Median of a non-empty list (mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Summarises one bench's samples and decides whether its budget holds. */
export function summarise(result, measuredAt) {
  const medianMs = median(result.samples);
  const baselineMedianMs = result.baseline ? median(result.baseline.samples) : undefined;
  const ratio = baselineMedianMs ? medianMs / baselineMedianMs : undefined;
  const holds =
    typeof result.budget.maxRatio === 'number' ? ratio <= result.budget.maxRatio : medianMs <= result.budget.maxMedianMs;
  return {
    name: result.name,
    description: result.description,
    budget: result.budget,
    runs: result.samples.length,
    medianMs: round(medianMs),
    minMs: round(Math.min(...result.samples)),
    maxMs: round(Math.max(...result.samples)),
    samplesMs: result.samples.map(round),
    ...(result.baseline && {
      baseline: {
        label: result.baseline.label,
        medianMs: round(baselineMedianMs),
        minMs: round(Math.min(...result.baseline.samples)),
        maxMs: round(Math.max(...result.baseline.samples)),
        samplesMs: result.baseline.samples.map(round),
      },
      ratio: round(ratio, 2),
    }),
    holds,
    ...(result.note && { note: result.note }),
    measuredAt,
  };
}

/** The machine the numbers came from. */
export function machineInfo(date) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    // Other work on the machine slows the heavier subject more than `node -e 0`: read ratios with it.
    loadAverage1m: round(os.loadavg()[0], 2),
    date,
  };
}

/** Merges new summaries into the stored results and writes both files. */
export async function writeResults(directory, machine, summaries) {
  await mkdir(directory, { recursive: true });
  const jsonPath = path.join(directory, 'results.json');
  const previous = await readFile(jsonPath, 'utf8')
    .then((text) => JSON.parse(text).results ?? [])
    .catch(() => []);
  const byName = new Map(previous.map((entry) => [entry.name, entry]));
  for (const summary of summaries) byName.set(summary.name, summary);
  const results = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  await writeFile(jsonPath, `${JSON.stringify({ machine, results }, null, 2)}\n`);
  await writeFile(path.join(directory, 'results.md'), renderMarkdown(machine, results));
  return results;
}

/** The readable table: benchmark, budget, median, min–max, runs, baseline, holds? */
export function renderMarkdown(machine, results) {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`pnpm bench\` on ${machine.date}: ${machine.cpu}, ${machine.cores} cores, ` +
      `${machine.memoryGiB} GiB, ${machine.platform}, Node ${machine.node}, load average ${machine.loadAverage1m} at the start.`,
    '',
    '| Benchmark | Budget | Median | Min–max | Runs | Baseline median | Ratio | Holds? |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: | :---: |',
  ];
  for (const entry of results) {
    const baseline = entry.baseline ? `${entry.baseline.label}: ${ms(entry.baseline.medianMs)}` : '—';
    lines.push(
      `| ${entry.name} | ${formatBudget(entry.budget)} | ${ms(entry.medianMs)} | ${ms(entry.minMs)}–${ms(entry.maxMs)} | ` +
        `${entry.runs} | ${baseline} | ${entry.ratio === undefined ? '—' : `${entry.ratio}×`} | ${entry.holds ? 'yes' : '**no**'} |`,
    );
  }
  lines.push('', '## What each measures', '');
  for (const entry of results) {
    const when = entry.measuredAt === machine.date ? '' : ` (measured ${entry.measuredAt})`;
    const text = [entry.description, entry.note].filter(Boolean).map((part) => part.replace(/\.$/, '')).join(' — ');
    lines.push(`- **${entry.name}**: ${text}.${when}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A budget as a person reads it. */
export function formatBudget(budget) {
  return typeof budget.maxRatio === 'number' ? `≤ ${budget.maxRatio}× baseline` : `≤ ${ms(budget.maxMedianMs)}`;
}

function ms(value) {
  // Enough digits to tell sub-millisecond benches apart, no false precision on slow ones.
  const digits = value >= 100 ? 0 : value >= 1 ? 1 : 3;
  return `${value.toFixed(digits)} ms`;
}

function round(value, digits = 3) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
