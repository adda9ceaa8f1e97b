// Runs one benchmark module in its own process (started by scripts/bench.mjs under
// `node --conditions=development --import tsx`, so modules may be TypeScript and import the
// packages' sources), and sends its samples back over IPC. A process per bench keeps one bench's
// warmed-up JIT, heap and caches from flattering the next.
import { pathToFileURL } from 'node:url';

const [moduleFile, contextJson] = process.argv.slice(2);

function send(message) {
  return new Promise((resolve) => process.send(message, resolve));
}

function checkModule(module, file) {
  const problems = [];
  if (typeof module.name !== 'string' || module.name === '') problems.push('export const name: string');
  if (typeof module.description !== 'string') problems.push('export const description: string');
  const budget = module.budget;
  const budgetOk =
    budget !== null &&
    typeof budget === 'object' &&
    (typeof budget.maxMedianMs === 'number' || typeof budget.maxRatio === 'number');
  if (!budgetOk) problems.push('export const budget: { maxMedianMs: number } | { maxRatio: number }');
  if (typeof module.run !== 'function') problems.push('export async function run(context)');
  if (problems.length > 0) throw new Error(`${file} is not a benchmark module; it must have ${problems.join(', ')}`);
}

function checkSamples(result, module) {
  const isSampleList = (value) =>
    Array.isArray(value) && value.length > 0 && value.every((sample) => Number.isFinite(sample) && sample >= 0);
  if (!result || !isSampleList(result.samples)) {
    throw new Error(`${module.name}: run() must return { samples: number[] } with at least one duration in ms`);
  }
  if (result.baseline !== undefined && !isSampleList(result.baseline.samples)) {
    throw new Error(`${module.name}: baseline.samples must be a non-empty list of durations in ms`);
  }
  if (typeof module.budget.maxRatio === 'number' && result.baseline === undefined) {
    throw new Error(`${module.name}: a maxRatio budget needs run() to return a baseline`);
  }
}

try {
  const module = await import(pathToFileURL(moduleFile).href);
  checkModule(module, moduleFile);
  const context = JSON.parse(contextJson);
  context.log = (message) => process.stderr.write(`  ${module.name}: ${message}\n`);
  const result = await module.run(context);
  checkSamples(result, module);
  await send({
    type: 'result',
    name: module.name,
    description: module.description,
    budget: module.budget,
    samples: result.samples,
    baseline: result.baseline,
    note: result.note,
  });
} catch (error) {
  await send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
process.exit(0);
