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

/** Runs `call(i)` from `connections` loops for `seconds`; latency percentiles of each call. */
export async function timeCalls(call: (i: number) => Promise<unknown>, opts: { seconds: number; connections: number }) {
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
  const s = summarize(times);
  return { requests: s.n, rps: s.n / opts.seconds, p50: s.p50, p95: s.p95, p99: s.p99 };
}

export const timeSql = (pool: pg.Pool, calls: SqlCall[], opts: { seconds: number; connections: number }) =>
  timeCalls((i) => pool.query(calls[i % calls.length]), opts);
