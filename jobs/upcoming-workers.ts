/**
 * The workers of the watchlist's upcoming alerts (docs/foresight.md): the check
 * (jobs/upcoming-check.ts), queued after each load's fan-out and daily at UPCOMING_CRON (UTC) for
 * the days without a load, and the digest e-mails it queues. Their webhook deliveries go through
 * the common delivery worker (jobs/webhook-delivery.ts).
 */
import type { Config } from '../lib/config.ts';
import type { Pool } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import { upcomingDigestMail, type UpcomingAlert } from '../lib/mail/upcoming-digest.ts';
import type { PgBoss } from './boss.ts';
import { QUEUES } from './queues.ts';
import { checkUpcoming, type UpcomingDigestJob } from './upcoming-check.ts';

/**
 * Daily, UTC: after the nightly ETL (ETL_CRON 03:00) and the retention (04:30), so on a day with
 * a load its fan-out has usually checked already and this finds nothing new to send.
 */
export const UPCOMING_CRON = '0 6 * * *';

export interface UpcomingWorkerDeps {
  pool: Pool;
  config: Pick<Config, 'publicUrl' | 'jobPollingMs'>;
  mailer: Mailer;
  clock?: () => Date;
}

/**
 * Schedules the daily check (unless `schedule` is false: tests, one-off workers) and starts the
 * check and digest workers; returns their ids. A failing check throws, so pg-boss retries it.
 */
export async function startUpcomingWorkers(boss: PgBoss, deps: UpcomingWorkerDeps, options: { schedule?: boolean; cron?: string } = {}): Promise<string[]> {
  const { pool, config, mailer } = deps;
  const log = logger.child({ component: 'watchlist-upcoming' });
  const pollingIntervalSeconds = config.jobPollingMs / 1000;
  if (options.schedule !== false) await boss.schedule(QUEUES.watchlistUpcoming.name, options.cron ?? UPCOMING_CRON, {}, { tz: 'UTC' });

  const checker = await boss.work(QUEUES.watchlistUpcoming.name, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
    for (const job of jobs) {
      const result = await checkUpcoming({ pool, boss, clock: deps.clock });
      log.info({ jobId: job.id, ...result }, 'upcoming events checked');
    }
  });

  const digester = await boss.work<UpcomingDigestJob>(QUEUES.watchlistUpcomingDigest.name, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
    for (const job of jobs) {
      const { account_id, day, alert_ids } = job.data;
      const account = (await pool.query<{ email: string }>(sql('jobs/digest-account'), [account_id])).rows[0];
      // A deactivated or deleted account gets no mail.
      if (!account) continue;
      const alerts = (await pool.query<UpcomingAlert>(sql('jobs/upcoming-alerts-of'), [account_id, alert_ids])).rows;
      if (alerts.length === 0) continue;
      // Throws on failure: pg-boss retries the job with the queue's backoff.
      await mailer.deliver(upcomingDigestMail({ to: account.email, day, alerts, publicUrl: config.publicUrl }));
    }
  });
  return [checker, digester];
}
