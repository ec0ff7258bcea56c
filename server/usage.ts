/**
 * Per-account request counts (`usage.requests_today` of GET /v1/auth/me), kept in memory and
 * added to account_daily_usage in one statement a second.
 *
 * Why not an UPSERT per request: every request of an account then updates the same row, so
 * concurrent requests queue on its row lock, each for a commit and a WAL flush. A single busy
 * key capped the whole API at about 1,400 requests a second on 2 cores.
 *
 * A crash loses at most the last second's counts. GET /v1/auth/me flushes first, so it is exact
 * for the requests this process served; another server process's are at most a second late.
 */
import type { Pool } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { logger } from '../lib/logger.ts';

const log = logger.child({ component: 'usage' });

export interface UsageCounter {
  /** Counts one request of `accountId` on UTC day `day` (YYYY-MM-DD). */
  count(accountId: number, day: string): void;
  /** Writes what is counted so far; resolves once it is committed (or has failed and is kept). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export function createUsageCounter(pool: Pool, intervalMs = 1_000): UsageCounter {
  let pending = new Map<string, number>(); // `${accountId} ${day}` → requests
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>): Promise<void> {
    if (batch.size === 0) return;
    const ids: number[] = [];
    const days: string[] = [];
    const counts: number[] = [];
    for (const [key, n] of batch) {
      const [id, day] = key.split(' ');
      ids.push(Number(id));
      days.push(day!);
      counts.push(n);
    }
    try {
      await pool.query(sql('api/account-usage-add'), [ids, days, counts]);
    } catch (err) {
      // Keep the counts for the next flush rather than lose them.
      for (const [key, n] of batch) pending.set(key, (pending.get(key) ?? 0) + n);
      log.error({ err }, 'could not write request counts; keeping them for the next flush');
    }
  }

  // Flushes run one after another, so a count is never written twice or overtaken.
  function flush(): Promise<void> {
    flushing = flushing.then(() => {
      const batch = pending;
      pending = new Map();
      return write(batch);
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    count(accountId, day) {
      const key = `${accountId} ${day}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
