/** Percentiles over raw samples (nearest-rank), and a median. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}

export const median = (xs: number[]) => summarize(xs).p50;
export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
