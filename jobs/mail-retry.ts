/**
 * Retries e-mails whose first delivery failed. The queued message is sealed with the server
 * secret: a reset e-mail carries a live token, and job rows are readable by anyone with database
 * access. A failing delivery throws, so pg-boss retries it with the queue's backoff.
 */
import type { Config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import type { Mailer, MailMessage } from '../lib/mail/mailer.ts';
import { decrypt, encrypt, serverSecret } from '../lib/secrets.ts';
import type { PgBoss } from './boss.ts';
import { QUEUES } from './queues.ts';

const PURPOSE = 'mail-job';

interface MailRetryJob {
  /** The MailMessage as JSON, AES-256-GCM under the server secret. */
  sealed: string;
}

/** The `retry` hook of createMailer: queues the message on pg-boss. */
export function queueMailRetry(boss: PgBoss, config: Pick<Config, 'serverSecret' | 'dataDir'>) {
  return async (message: MailMessage): Promise<void> => {
    const job: MailRetryJob = { sealed: encrypt(serverSecret(config), PURPOSE, JSON.stringify(message)) };
    await boss.send(QUEUES.mailRetry.name, job);
  };
}

/**
 * Starts the worker that delivers queued e-mails (one job per fetch, so one bad message does not
 * hold others back). Returns the worker id (for boss.offWork).
 */
export async function startMailRetryWorker(
  boss: PgBoss,
  mailer: Mailer,
  config: Pick<Config, 'serverSecret' | 'dataDir'>,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<string> {
  const log = logger.child({ component: 'mail-retry' });
  return boss.work<MailRetryJob>(
    QUEUES.mailRetry.name,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async (jobs) => {
      for (const job of jobs) {
        const message = JSON.parse(decrypt(serverSecret(config), PURPOSE, job.data.sealed)) as MailMessage;
        await mailer.deliver(message);
        log.info({ jobId: job.id, retryCount: job.retryCount }, 'queued mail delivered');
      }
    },
  );
}
