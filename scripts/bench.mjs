// `pnpm bench [filter…] [--runs N] [--list]`: runs the benchmark modules in scripts/bench/
// (files named `<name>.bench.ts` or `<name>.bench.mjs`), each in its own process, then writes
// bench/results.json and bench/results.md. A filter selects benches whose name contains it.
// Exit code 1 when a bench fails to run or misses its budget. See docs/development.md.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatBudget, machineInfo, summarise, writeResults } from './bench/framework/report.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDirectory = path.join(root, 'scripts/bench');
const alfredBundle = path.join(root, 'packages/ink/dist/alfred.js');
const BENCH_FILE = /^(.+)\.bench\.(ts|mjs)$/;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '10' }, list: { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive integer, got "${values.runs}"`);

const available = (await readdir(benchDirectory))
  .map((file) => BENCH_FILE.exec(file))
  .filter((match) => match !== null)
  .map((match) => ({ name: match[1], file: path.join(benchDirectory, match[0]) }))
  .sort((a, b) => a.name.localeCompare(b.name));
const selected = available.filter(
  (bench) => positionals.length === 0 || positionals.some((filter) => bench.name.includes(filter)),
);

if (values.list) {
  for (const bench of available) process.stdout.write(`${bench.name}\n`);
  process.exit(0);
}
if (selected.length === 0) {
  fail(`no benchmark matches ${positionals.map((filter) => `"${filter}"`).join(', ')}; there are: ${available.map((bench) => bench.name).join(', ')}`);
}
// Benches measure what users run: the bundle. Build it first, as `pnpm test` does.
await runNode([path.join(root, 'scripts/bundle.mjs')]);
if (!existsSync(alfredBundle)) fail(`the bundle was not written to ${alfredBundle}`);

const date = new Date().toISOString();
const machine = machineInfo(date);
const summaries = [];
let failures = 0;
for (const bench of selected) {
  process.stderr.write(`▸ ${bench.name}\n`);
  const message = await runBench(bench);
  if (message.type === 'error') {
    failures += 1;
    process.stderr.write(`✗ ${bench.name} failed to run:\n${message.message}\n`);
    continue;
  }
  if (message.name !== bench.name) {
    failures += 1;
    process.stderr.write(`✗ ${bench.file} exports name "${message.name}"; it must match its file name "${bench.name}"\n`);
    continue;
  }
  const summary = summarise(message, date);
  summaries.push(summary);
  if (!summary.holds) failures += 1;
  const ratio = summary.ratio === undefined ? '' : ` (${summary.ratio}× ${summary.baseline.label} at ${summary.baseline.medianMs} ms)`;
  process.stdout.write(
    `${summary.holds ? '✓' : '✗'} ${bench.name}: median ${summary.medianMs} ms${ratio}, budget ${formatBudget(summary.budget)}\n`,
  );
}

await writeResults(path.join(root, 'bench'), machine, summaries);
process.stdout.write(`results: bench/results.md, bench/results.json\n`);
process.exitCode = failures > 0 ? 1 : 0;

/** Runs one bench module in a fresh `node --conditions=development --import tsx` process. */
function runBench(bench) {
  return new Promise((resolve) => {
    let answer;
    const child = fork(path.join(benchDirectory, 'framework/child.mjs'), [bench.file, JSON.stringify({ runs, root, alfredBundle })], {
      cwd: root,
      execArgv: ['--conditions=development', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      answer = message;
    });
    child.on('exit', (code, signal) => {
      resolve(answer ?? { type: 'error', message: `the bench process ended (${signal ?? `exit code ${code}`}) without a result` });
    });
  });
}

function runNode(args) {
  return new Promise((resolve, reject) => {
    const child = fork(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}
