/**
 * Every pg-boss queue the project uses, in one list: startBoss (jobs/boss.ts) creates each of them
 * with its options before anything sends to it (pg-boss 12 refuses to send to a missing queue).
 */
import type { Queue } from 'pg-boss';

export interface QueueDefinition {
  name: string;
  /** Retry, expiry and retention defaults inherited by every job of the queue. */
  options: Omit<Queue, 'name'>;
}

export const QUEUES = {
  /**
   * An e-mail whose first delivery failed (lib/mail). Backoff from 30 s, capped at 10 min: about
   * 30 min of attempts in all, so a reset link (valid 1 h) still arrives while it can be used.
   */
  mailRetry: {
    name: 'mail-retry',
    options: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /** Daily 52-week retention of the change feed (jobs/retention.ts); idempotent, so a retry is safe. */
  changesRetention: {
    name: 'changes-retention',
    options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  },
  /**
   * One attempt of one webhook delivery ({delivery_id, attempt}); the spec's retries are new jobs
   * with startAfter (jobs/webhook-delivery.ts). pg-boss's own retries only cover a crashed worker or
   * an unreachable database; an attempt lasts at most WEBHOOK_TIMEOUT_MS, well inside the expiry.
   */
  webhookDelivery: {
    name: 'webhook-delivery',
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  /** The watchlist fan-out of one ETL run ({etl_run_id}; jobs/notify.ts); idempotent per run. */
  watchlistNotify: {
    name: 'watchlist-notify',
    options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  },
  /** One account's e-mail digest of one run (jobs/notify.ts); retried like mail-retry. */
  watchlistDigest: {
    name: 'watchlist-digest',
    options: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /**
   * The watchlist's upcoming check (jobs/upcoming-check.ts): after each load's fan-out and daily.
   * Idempotent per alert; 'stately' keeps at most one check waiting besides the one running.
   */
  watchlistUpcoming: {
    name: 'watchlist-upcoming',
    options: { policy: 'stately', retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
  },
  /** One account's digest of one check's upcoming alerts (jobs/upcoming-workers.ts); retried like mail-retry. */
  watchlistUpcomingDigest: {
    name: 'watchlist-upcoming-digest',
    options: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /**
   * The nightly ETL (jobs/etl-cron.ts, scheduled by ETL_CRON): one at a time; a run over the full
   * registry takes minutes, hence the generous expiry. One retry, 15 minutes later.
   */
  etlRun: {
    name: 'etl-run',
    options: { policy: 'singleton', retryLimit: 1, retryDelay: 900, expireInSeconds: 6 * 3600 },
  },
} as const satisfies Record<string, QueueDefinition>;
