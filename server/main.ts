/**
 * `npm start`: opens (or starts) PostgreSQL, applies migrations, loads the sample data on a
 * fresh machine, starts the jobs and serves the API until SIGTERM/SIGINT.
 */
import { config } from '../lib/config.ts';
import { openDatabase } from '../lib/open-database.ts';
import { logger } from '../lib/logger.ts';
import { onShutdownSignal, shuttingDown } from '../lib/shutdown.ts';
import { createMailer, type Mailer } from '../lib/mail/mailer.ts';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { queueEtlNow } from '../jobs/etl-cron.ts';
import { queueMailRetry } from '../jobs/mail-retry.ts';
import { startWorkers } from '../jobs/workers.ts';
import { createApp } from './app.ts';
import { listen, type RunningServer } from './http.ts';
import { loadSampleIfEmpty } from './sample.ts';
import { createUsageCounter, type UsageCounter } from './usage.ts';
import { createCarrierCache, type CarrierCache } from './carrier-cache.ts';

/** What has been started so far: a signal during the start stops just that. */
interface Started {
  boss?: PgBoss;
  mailer?: Mailer;
  usage?: UsageCounter;
  carrierCache?: CarrierCache;
  http?: RunningServer;
}

async function main() {
  // Its own session: a Ctrl-C reaches this process, which stops the database last (below).
  const db = await openDatabase(config, config.dbPoolSize, { ownSession: true });
  const started: Started = {};
  onShutdownSignal('finishing in-flight requests', async () => {
    await started.http?.close(config.shutdownTimeoutMs);
    await started.usage?.close();
    await started.carrierCache?.close();
    await started.mailer?.idle(config.shutdownTimeoutMs);
    if (started.boss) await stopBoss(started.boss, config.shutdownTimeoutMs);
    started.mailer?.close();
    await db.close();
  });

  // A Ctrl-C here reaches the pipeline child too (same process group): it stops, and so do we.
  await loadSampleIfEmpty(config, db.pool, db.url);
  // pg-boss always (the API queues e-mail retries); its workers only when they run in-process.
  const boss = (started.boss = await startBoss(db.url));
  const mailer = (started.mailer = createMailer(config, { retry: queueMailRetry(boss, config) }));
  if (config.jobsInProcess) {
    await startWorkers(boss, { pool: db.pool, config, mailer, databaseUrl: db.url });
    // A day missed while the server was down is fetched and loaded now, not at the next ETL_CRON.
    await queueEtlNow(boss);
  }
  const usage = (started.usage = createUsageCounter(db.pool));
  const carrierCache = (started.carrierCache = await createCarrierCache(db.pool, config.carrierCacheMb * 1024 * 1024));
  const services = { config, pool: db.pool, clock: () => new Date(), mailer, usage, carrierCache, boss };
  const app = createApp(services);
  started.http = await listen(app, config.port, config.host);
  logger.info({ url: started.http.url }, 'serving the API (docs at /docs)');
}

main().catch((err) => {
  // A start cut short by a signal is the shutdown's to finish, not a failure.
  if (shuttingDown()) return;
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
});
