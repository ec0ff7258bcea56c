/**
 * Change-feed retention (spec: 52 weeks), a daily pg-boss job. Runs older than the retention leave
 * the feed (GET /v1/changes/{id} → 404, meta's etl_changes_horizon and the as_of horizon move past
 * them), their change rows are deleted, and history versions no as_of can reach any more go too,
 * as do finished webhook deliveries older than the retention (the deliveries table would grow by
 * one row per account and run forever).
 */
import { withTransaction, type Pool } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { logger } from '../lib/logger.ts';
import type { PgBoss } from './boss.ts';
import { QUEUES } from './queues.ts';

const RETENTION_WEEKS = 52;
const WEEK_MS = 7 * 86_400_000;
/** Daily, UTC, after the nightly ETL (config.etlCron defaults to 03:00). */
const RETENTION_CRON = '30 4 * * *';

export interface PruneResult {
  /** Runs that left the feed. */
  runs: number[];
  changes: number;
  historyVersions: number;
  historyPolicies: number;
  /** Finished webhook deliveries deleted. */
  deliveries: number;
}

/**
 * Applies the retention as of `now`: a run whose batch_ts is more than 52 weeks before `now` is
 * purged. Idempotent. Serialised with pipeline loads (same advisory lock), in one transaction.
 *
 * @example
 *   await pruneChanges(pool, new Date()); // { runs: [12], changes: 20311, ... }
 */
export async function pruneChanges(pool: Pool, now: Date): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - RETENTION_WEEKS * WEEK_MS);
  return withTransaction(pool, async (client) => {
    await client.query(sql('pipeline/load_lock'));
    const runs = (await client.query<{ etl_run_id: number }>(sql('jobs/retention-purge-runs'), [cutoff, now])).rows
      .map((r) => r.etl_run_id)
      .sort((a, b) => a - b);
    const changes = runs.length ? ((await client.query(sql('jobs/retention-delete-changes'), [runs])).rowCount ?? 0) : 0;
    const pruned = (await client.query<{ carriers: number; policies: number }>(sql('jobs/retention-prune-history'))).rows[0];
    const deliveries = (await client.query(sql('jobs/retention-delete-deliveries'), [cutoff])).rowCount ?? 0;
    return { runs, changes, historyVersions: pruned.carriers, historyPolicies: pruned.policies, deliveries };
  });
}

/**
 * Schedules the daily retention job and starts its worker. Returns the worker id (boss.offWork).
 * A failure throws, so pg-boss retries it with the queue's options (jobs/queues.ts).
 */
export async function startRetentionWorker(
  boss: PgBoss,
  pool: Pool,
  options: { cron?: string; clock?: () => Date } = {},
): Promise<string> {
  const log = logger.child({ component: 'changes-retention' });
  const clock = options.clock ?? (() => new Date());
  await boss.schedule(QUEUES.changesRetention.name, options.cron ?? RETENTION_CRON, null, { tz: 'UTC' });
  return boss.work(QUEUES.changesRetention.name, { batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const result = await pruneChanges(pool, clock());
      log.info({ jobId: job.id, ...result, runs: result.runs.length }, 'change-feed retention applied');
    }
  });
}
