/**
 * Sending e-mail without making an API answer depend on it: `send` returns at once, delivery runs
 * in the background, and a failed delivery is handed to `retry` (a pg-boss job, jobs/mail-retry.ts)
 * instead of being lost or reported to the caller.
 */
import type { Config } from '../config.ts';
import { logger } from '../logger.ts';
import { createTransport, type MailMessage } from './transport.ts';

export type { MailMessage } from './transport.ts';

export interface Mailer {
  /** Background delivery; never throws, never blocks the caller. */
  send: (message: MailMessage) => void;
  /** Delivers now; rejects when the transport fails (the retry job uses this). */
  deliver: (message: MailMessage) => Promise<void>;
  /** Resolves when every background send has settled (or after timeoutMs): tests, shutdown. */
  idle: (timeoutMs?: number) => Promise<void>;
  close: () => void;
}

export interface MailerOptions {
  /** Queues a message whose delivery failed; without it the failure is only logged. */
  retry?: (message: MailMessage) => Promise<void>;
}

/**
 * @example
 * const mailer = createMailer(config, { retry: queueMailRetry(boss, config) });
 * mailer.send({ to, subject: 'Reset your password', text });
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>,
  options: MailerOptions = {},
): Mailer {
  const transport = createTransport(config);
  const pending = new Set<Promise<void>>();
  const log = logger.child({ component: 'mail' });

  const deliver = async (message: MailMessage) => {
    const { messageId } = await transport.deliver(message);
    log.info({ messageId, subject: message.subject }, 'mail delivered');
  };

  const attempt = async (message: MailMessage) => {
    try {
      await deliver(message);
    } catch (err) {
      if (!options.retry) {
        log.error({ err, subject: message.subject }, 'mail delivery failed; no retry queue, message dropped');
        return;
      }
      log.warn({ err, subject: message.subject }, 'mail delivery failed; queued for retry');
      try {
        await options.retry(message);
      } catch (queueErr) {
        log.error({ err: queueErr, subject: message.subject }, 'mail delivery failed and could not be queued; message dropped');
      }
    }
  };

  return {
    send: (message) => {
      const p = attempt(message).finally(() => pending.delete(p));
      pending.add(p);
    },
    deliver,
    idle: async (timeoutMs = 30_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      while (pending.size) await Promise.race([Promise.all(pending), timeout.then(() => pending.clear())]);
      clearTimeout(timer);
    },
    close: () => transport.close(),
  };
}
