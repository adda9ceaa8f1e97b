/**
 * `/stats` as text for the TUI and for headless runs' stderr. Plain lines without colour or
 * box drawing: the TUI styles them, and they read the same in a log.
 */
import type { ModelStats, SessionStats, TimingSummary } from './session-stats.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `$0.0421`, `$1.23`, `<$0.0001`: enough digits to see small sessions, not so many for large. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.0001) return '<$0.0001';
  if (usd < 1) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${integer.format(count)} ${count === 1 ? singular : pluralForm}`;
}

function average(timing: TimingSummary): string {
  return timing.count === 0 ? '–' : `${integer.format(timing.totalMs / timing.count)} ms`;
}

/** The session's cost line: an estimate, with the models it could not price named. */
export function formatCost(cost: SessionStats['cost']): string {
  if (cost.unknownModels.length > 0 && cost.estimatedUsd === 0) return `unknown (no price for ${cost.unknownModels.join(', ')})`;
  const estimate = `≈ ${formatUsd(cost.estimatedUsd)}`;
  return cost.complete ? estimate : `${estimate} + unknown (no price for ${cost.unknownModels.join(', ')})`;
}

function tokenLine(tokens: SessionStats['tokens']): string {
  const cached = tokens.cachedRead > 0 ? ` (${integer.format(tokens.cachedRead)} cached)` : '';
  const thinking = tokens.thinking > 0 ? ` (${integer.format(tokens.thinking)} thinking)` : '';
  return `${integer.format(tokens.input)} in${cached} · ${integer.format(tokens.output)} out${thinking}`;
}

function modelLine(model: ModelStats): string {
  const cost = model.cost === 'unknown' ? 'cost unknown' : formatUsd(model.cost);
  const failed = model.failedRequests > 0 ? ` (${model.failedRequests} failed)` : '';
  return `  ${model.provider}/${model.model}: ${plural(model.requests, 'request')}${failed} · ${tokenLine(model.tokens)} · first token ${average(model.timeToFirstToken)} · ${cost}`;
}

/** `/stats` as lines of text. */
export function formatSessionStats(stats: SessionStats): string[] {
  const lines = [
    `Session: ${plural(stats.prompts, 'prompt')} · ${plural(stats.requests, 'request')} · ${plural(stats.retries, 'retry', 'retries')} · ${plural(stats.compressions, 'compression')}`,
    `Tokens: ${tokenLine(stats.tokens)}`,
    `Cost: ${formatCost(stats.cost)} (estimate from list prices)`,
  ];
  if (stats.models.length > 0) lines.push('Models', ...stats.models.map(modelLine));
  if (stats.tools.length > 0) {
    lines.push('Tools');
    for (const tool of stats.tools) {
      const outcomes = [
        tool.completed > 0 ? `${tool.completed} ok` : '',
        tool.error > 0 ? `${tool.error} failed` : '',
        tool.cancelled > 0 ? `${tool.cancelled} cancelled` : '',
      ].filter((part) => part !== '');
      lines.push(`  ${tool.name}: ${plural(tool.calls, 'call')}${outcomes.length > 0 ? ` (${outcomes.join(', ')})` : ''} · ${average(tool.duration)} average`);
    }
  }
  const { approvals } = stats;
  if (approvals.asked > 0) {
    const modified = approvals.modified > 0 ? ` (${approvals.modified} with edits)` : '';
    const unanswered = approvals.unanswered > 0 ? ` · ${approvals.unanswered} unanswered` : '';
    lines.push(`Approvals: ${approvals.asked} asked · ${approvals.approved} given${modified} · ${approvals.declined} declined${unanswered}`);
  }
  const errors = Object.entries(stats.errors);
  if (errors.length > 0) lines.push(`Errors: ${errors.map(([kind, count]) => `${count} ${kind}`).join(' · ')}`);
  return lines;
}
