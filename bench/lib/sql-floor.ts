/**
 * The database's floor: the work an endpoint does in PostgreSQL, timed directly (no HTTP) at the
 * same concurrency, rotating through the same parameter sets.
 */
import type pg from 'pg';
import type { RoundSamples } from './stats.ts';

/** A statement as the handler sends it (named when the handler prepares it: lib/postgres.ts statement). */
interface SqlCall {
  name?: string;
  text: string;
  values?: unknown[];
}

/** Runs `call(i)` from `connections` loops for `seconds`: the latency of each call. */
export async function timeCallSamples(call: (i: number) => Promise<unknown>, opts: { seconds: number; connections: number }): Promise<RoundSamples> {
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

/** A statement, or what a handler does that is not one statement (bulk-by-MC's COPY: lib/binary-copy.ts). */
export type SqlFloorCall = SqlCall | ((pool: pg.Pool) => Promise<unknown>);

export const timeSqlSamples = (pool: pg.Pool, calls: SqlFloorCall[], opts: { seconds: number; connections: number }) =>
  timeCallSamples((i) => {
    const call = calls[i % calls.length];
    return typeof call === 'function' ? call(pool) : pool.query(call);
  }, opts);
