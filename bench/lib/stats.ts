/** Percentiles over raw samples (nearest-rank). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}

/** The latencies (ms) of one round of a class, and the seconds the round ran. */
export interface RoundSamples {
  times: number[];
  seconds: number;
}

/** Percentiles over the samples of every round of a class; calls a second over their total time. */
export function summarizeRounds(rounds: RoundSamples[]) {
  const s = summarize(rounds.flatMap((r) => r.times));
  const seconds = rounds.reduce((a, r) => a + r.seconds, 0);
  return { requests: s.n, rps: s.n / seconds, p50: s.p50, p95: s.p95, p99: s.p99 };
}
export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
