/**
 * Every pg-boss worker of the project, started in one call: by `npm run worker` (jobs/main.ts) and,
 * with JOBS_IN_PROCESS=true, inside `npm start` (server/main.ts).
 */
import type { Config } from '../lib/config.ts';
import type { Pool } from '../lib/postgres.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import type { PgBoss } from './boss.ts';
import { startEtlWorker } from './etl-cron.ts';
import { startMailRetryWorker } from './mail-retry.ts';
import { startNotifyWorkers } from './notify.ts';
import { startRetentionWorker } from './retention.ts';
import { startUpcomingWorkers } from './upcoming-workers.ts';
import { startWebhookDeliveryWorker } from './webhook-delivery.ts';

export interface WorkerDeps {
  pool: Pool;
  config: Config;
  mailer: Mailer;
  /** The database the pipeline child process loads into. */
  databaseUrl: string;
  clock?: () => Date;
}

/**
 * @example
 * const boss = await startBoss(db.url);
 * await startWorkers(boss, { pool: db.pool, config, mailer, databaseUrl: db.url });
 * // … later: await stopBoss(boss) waits for the jobs in flight.
 */
export async function startWorkers(
  boss: PgBoss,
  deps: WorkerDeps,
  /** schedule: false leaves the nightly ETL unscheduled (tests, one-off workers). */
  options: { schedule?: boolean } = {},
): Promise<string[]> {
  const { pool, config, mailer, clock } = deps;
  return [
    await startMailRetryWorker(boss, mailer, config),
    await startWebhookDeliveryWorker(boss, { pool, config, clock }),
    ...(await startNotifyWorkers(boss, { pool, config, mailer, clock })),
    ...(await startUpcomingWorkers(boss, { pool, config, mailer, clock })),
    await startEtlWorker(boss, { pool, config, databaseUrl: deps.databaseUrl }, options),
    await startRetentionWorker(boss, pool, { clock }),
  ];
}
