/**
 * The database's floor: the work an endpoint does in PostgreSQL, timed directly (no HTTP) at the
 * same concurrency, rotating through the same parameter sets.
 */
import type pg from 'pg';
import { summarize } from './stats.ts';

/** A statement as the handler sends it (named when the handler prepares it: lib/db.ts statement). */
export interface SqlCall {
  name?: string;
  text: string;
  values?: unknown[];
}

/** The raw latencies of one round of a class. */
export interface SqlSamples {
  times: number[];
  seconds: number;
}

/** Percentiles over the samples of every round; calls/s over their total time. */
export function summarizeSql(rounds: SqlSamples[]) {
  const s = summarize(rounds.flatMap((r) => r.times));
  const seconds = rounds.reduce((a, r) => a + r.seconds, 0);
  return { requests: s.n, rps: s.n / seconds, p50: s.p50, p95: s.p95, p99: s.p99 };
}

/** Runs `call(i)` from `connections` loops for `seconds`: the latency of each call. */
export async function timeCallSamples(call: (i: number) => Promise<unknown>, opts: { seconds: number; connections: number }): Promise<SqlSamples> {
  const times: number[] = [];
  const until = Date.now() + opts.seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < until) {
        const t = process.hrtime.bigint();
        await call(i++);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  return { times, seconds: opts.seconds };
}

export const timeSqlSamples = (pool: pg.Pool, calls: SqlCall[], opts: { seconds: number; connections: number }) =>
  timeCallSamples((i) => pool.query(calls[i % calls.length]), opts);
