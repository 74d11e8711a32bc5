// Runs the price-merge benchmark (bench/price-merge.bench.ts, vitest bench) and reads
// its JSON report: per sort, the median and p99 time of one poll's merge and re-sort.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from './support/processes.ts';
import { round } from './support/stats.ts';

export interface PriceMerge {
  loadedHotels: number;
  updates: number;
  cases: { sort: string; medianMs: number; p99Ms: number; samples: number }[];
}

interface VitestBenchReport {
  files: {
    groups: {
      benchmarks: { name: string; median: number; p99: number; sampleCount: number }[];
    }[];
  }[];
}

export async function measurePriceMerge(quick: boolean): Promise<PriceMerge> {
  const dir = mkdtempSync(join(tmpdir(), 'staylane-bench-merge-'));
  const out = join(dir, 'merge.json');
  try {
    await runCommand(
      'npx',
      [
        'vitest',
        'bench',
        '--run',
        '--project',
        'node',
        'bench/price-merge.bench.ts',
        '--outputJson',
        out,
      ],
      { env: quick ? { BENCH_QUICK: '1' } : {}, quiet: true },
    );
    const report = JSON.parse(readFileSync(out, 'utf8')) as VitestBenchReport;
    const benchmarks = report.files.flatMap((file) =>
      file.groups.flatMap((group) => group.benchmarks),
    );
    if (benchmarks.length === 0) throw new Error('the price-merge bench reported nothing');
    return {
      loadedHotels: 1000,
      updates: 100,
      cases: benchmarks.map((b) => ({
        sort: b.name.replace(/^sort /, ''),
        medianMs: round(b.median, 3),
        p99Ms: round(b.p99, 3),
        samples: b.sampleCount,
      })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
