/**
 * `npm start`: opens (or starts) PostgreSQL, applies migrations, loads the sample data on a
 * fresh machine, starts the jobs and serves the API until SIGTERM/SIGINT.
 */
import { config } from '../lib/config.ts';
import { openDatabase } from '../lib/database.ts';
import { logger } from '../lib/logger.ts';
import { onShutdownSignal } from '../lib/shutdown.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { startBoss, stopBoss } from '../jobs/boss.ts';
import { queueMailRetry } from '../jobs/mail-retry.ts';
import { queueEtlNow } from '../jobs/etl-cron.ts';
import { startWorkers } from '../jobs/workers.ts';
import { createApp } from './app.ts';
import { listen } from './http.ts';
import { loadSampleIfEmpty } from './sample.ts';
import { createUsageCounter } from './usage.ts';
import { createCarrierCache } from './carrier-cache.ts';

async function main() {
  const db = await openDatabase(config, config.dbPoolSize);
  await loadSampleIfEmpty(config, db.pool, db.url);
  // pg-boss always (the API queues e-mail retries); its workers only when they run in-process.
  const boss = await startBoss(db.url);
  const mailer = createMailer(config, { retry: queueMailRetry(boss, config) });
  if (config.jobsInProcess) {
    await startWorkers(boss, { pool: db.pool, config, mailer, databaseUrl: db.url });
    await queueEtlNow(boss);
  }
  const usage = createUsageCounter(db.pool);
  const carrierCache = await createCarrierCache(db.pool, config.carrierCacheMb * 1024 * 1024);
  const services = { config, pool: db.pool, clock: () => new Date(), mailer, usage, carrierCache, boss };
  const app = createApp(services);
  const http = await listen(app, config.port, config.host);
  logger.info({ url: http.url }, 'serving the API (docs at /docs)');

  onShutdownSignal('finishing in-flight requests', async () => {
    await http.close(config.shutdownTimeoutMs);
    await usage.close();
    await carrierCache.close();
    await mailer.idle(config.shutdownTimeoutMs);
    await stopBoss(boss, config.shutdownTimeoutMs);
    mailer.close();
    await db.close();
  });
}

main().catch((err) => {
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
});
