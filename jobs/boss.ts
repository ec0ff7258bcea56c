/**
 * pg-boss on the service database: one place that creates, starts and stops it, and creates every
 * queue of jobs/queues.ts. Background failures are logged, never swallowed.
 */
import { PgBoss } from 'pg-boss';
import type { Pool } from '../lib/postgres.ts';
import { logger } from '../lib/logger.ts';
import { QUEUES } from './queues.ts';

export type { PgBoss } from 'pg-boss';

/**
 * @example
 * const boss = await startBoss(db.url);
 * await boss.send(QUEUES.mailRetry.name, data);
 * await stopBoss(boss);
 */
export async function startBoss(connectionString: string, options: { max?: number } = {}): Promise<PgBoss> {
  return started(new PgBoss({ connectionString, max: options.max ?? 5, application_name: 'carrier-data-jobs' }));
}

/**
 * pg-boss for a process that only queues jobs, inside transactions of its own (the pipeline's
 * load queues the watchlist fan-out): on `pool`'s connections, with no maintenance, no cron and
 * no workers. It installs pg-boss's schema and creates the queues as startBoss does, so a
 * database that the pipeline loads before any server or worker has run can take the job.
 *
 * @example
 * const boss = await startQueueingBoss(pool);
 * await withTransaction(pool, (client) => enqueueNotify(boss, runId, client));
 */
export async function startQueueingBoss(pool: Pool): Promise<PgBoss> {
  const db = { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
  return started(new PgBoss({ db, supervise: false, schedule: false }));
}

async function started(boss: PgBoss): Promise<PgBoss> {
  const log = logger.child({ component: 'pg-boss' });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'pg-boss warning'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    // createQueue is idempotent, so every process (server, worker, pipeline) can run this at start.
    await boss.createQueue(queue.name, queue.options);
  }
  return boss;
}

/** Stops polling, waits up to timeoutMs for running jobs, then closes the pool. */
export async function stopBoss(boss: PgBoss, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs });
}
