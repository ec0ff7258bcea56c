/**
 * Webhook deliveries as pg-boss jobs: one job per attempt ({delivery_id, attempt}). A failed
 * attempt (non-2xx, no answer within WEBHOOK_TIMEOUT_MS) queues the next one to start
 * WEBHOOK_RETRY_DELAYS[n] seconds later (spec: 1, 5, 30 minutes), at the instant the delivery row
 * records as next_attempt_at; after the third failed retry the delivery is failed. Because
 * retries are jobs in PostgreSQL, they survive a restart (beyond the spec).
 *
 * Isolation: WEBHOOK_WORKERS local workers each fetch up to BATCH jobs and send them concurrently,
 * settling each job on its own. A slow or dead receiver holds one worker for at most the timeout;
 * the jobs fetched with it are sent at once, and the other workers keep fetching.
 */
import type { Config } from '../lib/config.ts';
import type { Pool, PoolClient } from '../lib/postgres.ts';
import { logger } from '../lib/logger.ts';
import { attemptDelivery } from '../lib/webhooks/attempt.ts';
import type { PgBoss } from './boss.ts';
import { QUEUES } from './queues.ts';

export interface WebhookJob {
  delivery_id: number;
  /** 1 for the first try, 2–4 for the retries. */
  attempt: number;
}

/** Deliveries one worker sends concurrently. */
const BATCH = 8;

/** A pg-boss `db` that runs inside our transaction, so jobs commit (or roll back) with our rows. */
export const inTransaction = (client: PoolClient) => ({
  executeSql: (text: string, values?: unknown[]) => client.query(text, values),
});

/** Queues the first attempt of each delivery, inside the transaction that created them. */
export async function enqueueDeliveries(boss: PgBoss, client: PoolClient, deliveryIds: number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  const jobs = deliveryIds.map((id) => ({ data: { delivery_id: id, attempt: 1 } satisfies WebhookJob }));
  await boss.insert(QUEUES.webhookDelivery.name, jobs, { db: inTransaction(client) });
}

export interface WebhookWorkerDeps {
  pool: Pool;
  config: Pick<Config, 'webhookRetryDelays' | 'webhookTimeoutMs' | 'webhookBlockPrivate' | 'webhookWorkers' | 'jobPollingMs' | 'serverSecret' | 'dataDir'>;
  clock?: () => Date;
}

/** Starts the delivery workers; returns the worker id (boss.offWork). */
export async function startWebhookDeliveryWorker(boss: PgBoss, deps: WebhookWorkerDeps): Promise<string> {
  const { pool, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = logger.child({ component: 'webhook-delivery' });
  const policy = {
    retryDelays: config.webhookRetryDelays,
    scheduleRetry: async (client: PoolClient, deliveryId: number, attempt: number, at: Date) => {
      const job: WebhookJob = { delivery_id: deliveryId, attempt };
      // An instant, not a delay: the job starts exactly at the row's next_attempt_at.
      await boss.send(QUEUES.webhookDelivery.name, job, { startAfter: at, db: inTransaction(client) });
    },
  };
  return boss.work<WebhookJob, unknown, { batchSize: number; localConcurrency: number; pollingIntervalSeconds: number; burstWhenBatchFull: true; perJobResults: true }>(
    QUEUES.webhookDelivery.name,
    {
      batchSize: BATCH,
      localConcurrency: config.webhookWorkers,
      pollingIntervalSeconds: config.jobPollingMs / 1000,
      burstWhenBatchFull: true,
      perJobResults: true,
    },
    (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          const { delivery_id, attempt } = job.data;
          try {
            const outcome = await attemptDelivery({ pool, config, clock }, delivery_id, attempt, policy);
            if (outcome) {
              log.info({ delivery_id, attempt, status: outcome.status, status_code: outcome.status_code, ms: outcome.duration_ms }, 'webhook attempt');
            }
            return { id: job.id, status: 'completed' as const };
          } catch (err) {
            // Our side failed (database, secret): pg-boss retries the job; the attempt guard makes that safe.
            log.error({ err, delivery_id, attempt }, 'webhook attempt could not be made or recorded');
            return { id: job.id, status: 'failed' as const, output: { message: err instanceof Error ? err.message : String(err) } };
          }
        }),
      ),
  );
}
