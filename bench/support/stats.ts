// Order statistics shared by the benchmarks: nearest-rank percentiles (the value at
// rank ⌈p·n⌉ of the sorted samples, so p50 of 200 is the 100th, p95 the 190th).

export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function distribution(values: readonly number[], digits = 2): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50), digits),
    p95: round(percentile(sorted, 95), digits),
    p99: round(percentile(sorted, 99), digits),
    min: round(sorted[0] ?? Number.NaN, digits),
    max: round(sorted.at(-1) ?? Number.NaN, digits),
  };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
