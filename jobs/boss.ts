/**
 * pg-boss on the service database: one place that creates, starts and stops it, and creates every
 * queue of jobs/queues.ts. Background failures are logged, never swallowed.
 */
import { PgBoss } from 'pg-boss';
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
  const boss = new PgBoss({ connectionString, max: options.max ?? 5, application_name: 'carrier-data-jobs' });
  const log = logger.child({ component: 'pg-boss' });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'pg-boss warning'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    // createQueue is idempotent, so every process (server, worker) can run this at start.
    await boss.createQueue(queue.name, queue.options);
  }
  return boss;
}

/** Stops polling, waits up to timeoutMs for running jobs, then closes the pool. */
export async function stopBoss(boss: PgBoss, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs });
}
