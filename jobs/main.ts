/**
 * `npm run worker`: the pg-boss workers in a process of their own (run the API with
 * JOBS_IN_PROCESS=false then). Stops gracefully on SIGTERM/SIGINT: no new jobs are fetched, jobs
 * in flight get SHUTDOWN_TIMEOUT_MS to finish; an unfinished job is retried by the next worker.
 */
import { config } from '../lib/config.ts';
import { openDatabase } from '../lib/open-database.ts';
import { logger } from '../lib/logger.ts';
import { onShutdownSignal } from '../lib/shutdown.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { startBoss, stopBoss } from './boss.ts';
import { queueMailRetry } from './mail-retry.ts';
import { startWorkers } from './workers.ts';

async function main() {
  const db = await openDatabase(config, 10, { ownSession: true });
  const boss = await startBoss(db.url);
  const mailer = createMailer(config, { retry: queueMailRetry(boss, config) });
  const workers = await startWorkers(boss, { pool: db.pool, config, mailer, databaseUrl: db.url });
  logger.info({ workers: workers.length }, 'job workers started');

  onShutdownSignal('finishing jobs in flight', async () => {
    await stopBoss(boss, config.shutdownTimeoutMs);
    await mailer.idle(config.shutdownTimeoutMs);
    mailer.close();
    await db.close();
  });
}

main().catch((err) => {
  logger.fatal({ err }, 'worker failed to start');
  process.exit(1);
});
