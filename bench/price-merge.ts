// Runs the price-merge benchmark (bench/price-merge.bench.ts, vitest bench) and reads
// its JSON report: per sort, the median and p99 time of one poll's merge and re-sort.
import { runForJsonReport } from './support/processes.ts';
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
  const report = await runForJsonReport<VitestBenchReport>(
    'bench-merge',
    'npx',
    (out) => [
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
}
