/**
 * Watchlist notifications after an ETL run. Every load that succeeds has queued its run's fan-out
 * job in its own transaction, whoever ran it (pipeline/load-plan/watchlist-fan-out.ts). The
 * fan-out job of a run finds every active account watching carriers that changed in it and, in
 * one transaction, creates
 * - one `watchlist.changes` delivery (the exact body, all of the run's changes batched) and its
 *   first delivery job for each account with an enabled webhook, and
 * - one digest job per account (the e-mail is built from the same query, so it carries the same
 *   diffs; the job holds ids only, which keeps the fan-out transaction short),
 * and marks the run as fanned out, so running the fan-out of a run again is a no-op. The same
 * transaction queues the watchlist's upcoming check (jobs/upcoming-check.ts): a new run may bring
 * events near enough to alert today.
 */
import type { Config } from '../lib/config.ts';
import { withTransaction, type Pool, type PoolClient } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import { watchlistDigestMail, type DigestCarrier } from '../lib/mail/watchlist-digest.ts';
import type { PgBoss } from './boss.ts';
import { QUEUES } from './queues.ts';
import { enqueueUpcomingCheck } from './upcoming-check.ts';
import { enqueueDeliveries, inTransaction } from './webhook-delivery.ts';

interface NotifyJob {
  etl_run_id: number;
}

interface DigestJob {
  account_id: number;
  etl_run_id: number;
}

interface AccountChanges {
  account_id: number;
  webhook_enabled: boolean;
  changes: DigestCarrier[];
}

export interface FanOutResult {
  etl_run_id: number;
  accounts: number;
  deliveries: number;
  digests: number;
}

/** Digests one worker sends concurrently. */
const DIGEST_BATCH = 10;

/**
 * Queues the fan-out of run `etlRunId`; with `client`, inside that client's open transaction, so
 * that the job commits or rolls back with it (the pipeline's load queues every run's fan-out
 * so: pipeline/load-plan/watchlist-fan-out.ts). Safe to repeat: the fan-out of a run is done once.
 *
 * @example await enqueueNotify(boss, 42);
 * @example await enqueueNotify(boss, ctx.runId, loadClient);
 */
export async function enqueueNotify(boss: PgBoss, etlRunId: number, client?: PoolClient): Promise<void> {
  const job: NotifyJob = { etl_run_id: etlRunId };
  await boss.send(QUEUES.watchlistNotify.name, job, client ? { db: inTransaction(client) } : {});
}

/**
 * The fan-out of one run. Null when the run is not (yet) served or was fanned out before.
 */
export async function fanOut(deps: { pool: Pool; boss: PgBoss; clock?: () => Date }, etlRunId: number): Promise<FanOutResult | null> {
  const { pool, boss } = deps;
  const now = (deps.clock ?? (() => new Date()))();
  const run = (await pool.query<{ etl_run_id: number; batch_ts: Date }>(sql('jobs/notify-run'), [etlRunId])).rows[0];
  if (!run) return null;
  const batchTs = run.batch_ts.toISOString();

  return withTransaction(pool, async (client) => {
    if (!(await client.query(sql('jobs/notify-claim'), [etlRunId, now])).rowCount) return null;
    const accounts = (await client.query<AccountChanges>(sql('jobs/notify-accounts'), [etlRunId, null])).rows;

    // The body every attempt sends, field order as in the spec's payload table.
    const deliveries = accounts
      .filter((a) => a.webhook_enabled)
      .map((a) => ({
        account_id: a.account_id,
        payload: JSON.stringify({ event: 'watchlist.changes', etl_run_id: etlRunId, batch_ts: batchTs, account_id: a.account_id, changes: a.changes }),
      }));
    const inserted = (await client.query<{ id: number }>(sql('jobs/notify-insert-deliveries'), [etlRunId, JSON.stringify(deliveries), now])).rows.map(
      (r) => r.id,
    );
    await enqueueDeliveries(boss, client, inserted);

    const digests = accounts.map((a) => ({ data: { account_id: a.account_id, etl_run_id: etlRunId } satisfies DigestJob }));
    if (digests.length) await boss.insert(QUEUES.watchlistDigest.name, digests, { db: inTransaction(client) });

    await client.query(sql('jobs/notify-done'), [etlRunId, accounts.length, inserted.length, digests.length]);
    await enqueueUpcomingCheck(boss, client);
    return { etl_run_id: etlRunId, accounts: accounts.length, deliveries: inserted.length, digests: digests.length };
  });
}

export interface NotifyWorkerDeps {
  pool: Pool;
  config: Pick<Config, 'publicUrl' | 'jobPollingMs'>;
  mailer: Mailer;
  clock?: () => Date;
}

/** Starts the fan-out worker and the digest worker; returns their ids. */
export async function startNotifyWorkers(boss: PgBoss, deps: NotifyWorkerDeps): Promise<string[]> {
  const { pool, config, mailer } = deps;
  const log = logger.child({ component: 'watchlist-notify' });
  const pollingIntervalSeconds = config.jobPollingMs / 1000;

  const fanOutWorker = await boss.work<NotifyJob>(QUEUES.watchlistNotify.name, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
    for (const job of jobs) {
      const result = await fanOut({ pool, boss, clock: deps.clock }, job.data.etl_run_id);
      if (result) log.info(result, 'watchlist notifications fanned out');
      else log.info({ etl_run_id: job.data.etl_run_id }, 'run not served or already fanned out; nothing to do');
    }
  });

  const digestWorker = await boss.work<DigestJob, unknown, { batchSize: number; pollingIntervalSeconds: number; burstWhenBatchFull: true; perJobResults: true }>(
    QUEUES.watchlistDigest.name,
    { batchSize: DIGEST_BATCH, pollingIntervalSeconds, burstWhenBatchFull: true, perJobResults: true },
    (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          const { account_id, etl_run_id } = job.data;
          try {
            const account = (await pool.query<{ email: string }>(sql('jobs/digest-account'), [account_id])).rows[0];
            const run = (await pool.query<{ batch_ts: Date }>(sql('jobs/notify-run'), [etl_run_id])).rows[0];
            const changes = (await pool.query<AccountChanges>(sql('jobs/notify-accounts'), [etl_run_id, account_id])).rows[0]?.changes;
            // A deactivated or deleted account, or one that stopped watching every changed carrier, gets no mail.
            if (account && run && changes) {
              await mailer.deliver(
                watchlistDigestMail({ to: account.email, etl_run_id, batch_ts: run.batch_ts.toISOString(), changes, publicUrl: config.publicUrl }),
              );
            }
            return { id: job.id, status: 'completed' as const };
          } catch (err) {
            log.warn({ err, account_id, etl_run_id, retryCount: job.retryCount }, 'digest delivery failed; pg-boss retries it');
            return { id: job.id, status: 'failed' as const, output: { message: err instanceof Error ? err.message : String(err) } };
          }
        }),
      ),
  );
  return [fanOutWorker, digestWorker];
}
