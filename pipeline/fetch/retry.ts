/**
 * Retries with exponential backoff (p-retry) for the failures another attempt may fix: 429, 5xx,
 * a dropped stream, an HTML page instead of data. Anything else (a 4xx, an unreachable portal, a
 * changed column list) stops at once.
 */
import pRetry from 'p-retry';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../lib/logger.ts';
import { TransientError } from './errors.ts';
import type { FetchEvents } from './events.ts';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  minTimeoutMs: number;
  /** Also caps a server's Retry-After. */
  maxTimeoutMs: number;
  /** Spread the waits (×1–2) so restarted clients do not retry in step. */
  randomize: boolean;
}

/** About 4 minutes of patience in all: long enough for a portal restart, short of a lost night. */
export const DEFAULT_RETRY: RetryPolicy = { retries: 6, minTimeoutMs: 2_000, maxTimeoutMs: 120_000, randomize: true };

/**
 * `attempt` again while it fails with a TransientError. `what` names the request in the log and
 * in the 'retry' event.
 */
export function withRetry<T>(
  what: string,
  attempt: (attemptNumber: number) => Promise<T>,
  policy: RetryPolicy,
  log: Logger,
  events?: FetchEvents,
): Promise<T> {
  return pRetry(attempt, {
    retries: policy.retries,
    minTimeout: policy.minTimeoutMs,
    maxTimeout: policy.maxTimeoutMs,
    randomize: policy.randomize,
    shouldRetry: ({ error }) => error instanceof TransientError,
    onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
      if (!(error instanceof TransientError) || retriesLeft === 0) return;
      log.warn({ what, attempt: attemptNumber, retries_left: retriesLeft, error: error.message }, 'fetch attempt failed; retrying');
      events?.emit('retry', { what, attempt: attemptNumber, error: error.message });
      // A server that says how long to wait (Retry-After) gets at least that, up to the longest
      // backoff, before p-retry's own backoff.
      if (error.retryAfterMs) await sleep(Math.min(error.retryAfterMs, policy.maxTimeoutMs));
    },
  });
}
