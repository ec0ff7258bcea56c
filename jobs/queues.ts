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
} as const satisfies Record<string, QueueDefinition>;

export type QueueKey = keyof typeof QUEUES;
