import { tempWorkspace } from '../../../packages/testkit/src/index.js';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { machineInfo, median, renderMarkdown, summarise, writeResults } from './report.mjs';

const ratioBench = {
  name: 'startup-version',
  description: 'alfred --version',
  budget: { maxRatio: 1.5 },
  samples: [50, 40, 60, 45],
  baseline: { label: 'node -e 0', samples: [30, 40, 35, 20] },
};

describe('bench report', () => {
  it('takes the median of odd and even sample counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('judges a ratio budget on the medians of samples and baseline', () => {
    const summary = summarise(ratioBench, '2026-01-01T00:00:00.000Z');
    expect(summary).toMatchObject({ medianMs: 47.5, minMs: 40, maxMs: 60, runs: 4, ratio: 1.46, holds: true });
    expect(summary.baseline).toMatchObject({ label: 'node -e 0', medianMs: 32.5 });
    const slower = summarise({ ...ratioBench, samples: [70, 70, 70] }, '2026-01-01T00:00:00.000Z');
    expect(slower.holds).toBe(false);
  });

  it('judges an absolute budget on the median alone', () => {
    const bench = { name: 'settings-load', description: 'load', budget: { maxMedianMs: 20 }, samples: [10, 30, 19] };
    expect(summarise(bench, 'now').holds).toBe(true);
    expect(summarise({ ...bench, samples: [21, 30, 19] }, 'now').holds).toBe(false);
  });

  it('shows sub-millisecond medians with enough digits to compare', () => {
    const bench = { name: 'record', description: 'per event', budget: { maxMedianMs: 1 }, samples: [0.165, 0.2, 0.1] };
    const machine = machineInfo('now');
    expect(renderMarkdown(machine, [summarise(bench, 'now')])).toContain('| record | ≤ 1.0 ms | 0.165 ms | 0.100 ms–0.200 ms | 3 |');
  });

  it('keeps earlier results of benches not run this time and writes a readable table', async () => {
    await using workspace = await tempWorkspace();
    const machine = machineInfo('2026-01-02T00:00:00.000Z');
    const old = summarise({ ...ratioBench, name: 'settings-load', budget: { maxMedianMs: 5 } }, '2026-01-01T00:00:00.000Z');
    await writeResults(workspace.root, machineInfo('2026-01-01T00:00:00.000Z'), [old]);
    await writeResults(workspace.root, machine, [summarise(ratioBench, machine.date)]);

    const json = JSON.parse(await readFile(workspace.path('results.json'), 'utf8'));
    expect(json.results.map((entry: { name: string }) => entry.name)).toEqual(['settings-load', 'startup-version']);
    expect(json.machine).toMatchObject({ node: process.version, date: machine.date });
    expect(json.machine.cores).toBeGreaterThan(0);

    const markdown = await readFile(workspace.path('results.md'), 'utf8');
    expect(markdown).toBe(renderMarkdown(machine, json.results));
    expect(markdown).toContain('| startup-version | ≤ 1.5× baseline | 47.5 ms | 40.0 ms–60.0 ms | 4 | node -e 0: 32.5 ms | 1.46× | yes |');
    expect(markdown).toContain('| settings-load | ≤ 5.0 ms | 47.5 ms |');
    expect(markdown).toContain('**no**');
    expect(markdown).toContain('(measured 2026-01-01T00:00:00.000Z)');
  });
});
