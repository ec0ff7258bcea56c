/**
 * The database's floor: the SQL an endpoint runs, timed directly with pg at the same concurrency,
 * rotating through the same parameter sets.
 */
import type pg from 'pg';
import { summarize } from './stats.ts';

export interface SqlCall {
  text: string;
  values: unknown[];
}

export async function timeSql(pool: pg.Pool, calls: SqlCall[], opts: { seconds: number; connections: number }) {
  const times: number[] = [];
  const until = Date.now() + opts.seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < until) {
        const c = calls[i++ % calls.length];
        const t = process.hrtime.bigint();
        await pool.query(c.text, c.values);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  const s = summarize(times);
  return { requests: s.n, rps: s.n / opts.seconds, p50: s.p50, p95: s.p95, p99: s.p99 };
}
