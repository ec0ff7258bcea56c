/**
 * One attempt of a logged delivery, shared by the delivery job and the test endpoint: sign with
 * the webhook's current secret (a rotation applies to pending retries too), POST once, then in one
 * transaction log the attempt, move the delivery row on and, after a failure with retries left,
 * queue the next attempt (so a retry is scheduled exactly when its row says so).
 */
import type { Config } from '../config.ts';
import { withTransaction, type Pool, type PoolClient } from '../postgres.ts';
import { sql } from '../sql-files.ts';
import { postOnce, type AttemptResult } from './deliver.ts';
import { openWebhookSecret } from './secret.ts';
import { signatureHeaders, type WebhookEvent } from './sign.ts';

type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed';

export interface AttemptDeps {
  pool: Pool;
  config: Pick<Config, 'webhookTimeoutMs' | 'webhookBlockPrivate' | 'serverSecret' | 'dataDir'>;
  clock: () => Date;
}

export interface AttemptPolicy {
  /** Seconds before retry 1, 2, … after a failed attempt; [] for none (test events). */
  retryDelays: readonly number[];
  /**
   * Queues `attempt` of the delivery to start at `at` (the row's next_attempt_at, read from the
   * injected clock), inside the recording transaction.
   */
  scheduleRetry?: (client: PoolClient, deliveryId: number, attempt: number, at: Date) => Promise<void>;
}

export interface AttemptOutcome extends AttemptResult {
  status: DeliveryStatus;
}

interface DeliveryRow {
  id: number;
  account_id: number;
  event: WebhookEvent;
  payload: string;
  attempt: number;
  status: DeliveryStatus;
  url: string;
  enabled: boolean;
  secret_ciphertext: string;
}

/**
 * Makes attempt `attempt` (1-based) of delivery `deliveryId`. Returns null without sending when
 * the job is stale (the delivery is gone, already settled, or past that attempt: a job pg-boss
 * retried after a crash that happened once the attempt was recorded) or the webhook is disabled
 * (the delivery is then ended as failed).
 */
export async function attemptDelivery(
  deps: AttemptDeps,
  deliveryId: number,
  attempt: number,
  policy: AttemptPolicy,
): Promise<AttemptOutcome | null> {
  const { pool, config, clock } = deps;
  const { rows } = await pool.query<DeliveryRow>(sql('jobs/webhook-delivery-load'), [deliveryId]);
  const row = rows[0];
  if (!row || (row.status !== 'pending' && row.status !== 'retrying') || row.attempt !== attempt - 1) return null;
  if (!row.enabled) {
    await pool.query(sql('jobs/webhook-delivery-drop'), [deliveryId, 'webhook disabled: delivery dropped', clock()]);
    return null;
  }

  const secret = openWebhookSecret(config, row.secret_ciphertext);
  const headers = signatureHeaders({
    secret,
    body: row.payload,
    event: row.event,
    deliveryId: row.id,
    timestamp: Math.floor(clock().getTime() / 1000),
  });
  const result = await postOnce(row.url, row.payload, headers, {
    timeoutMs: config.webhookTimeoutMs,
    blockPrivate: config.webhookBlockPrivate,
  });

  const now = clock();
  const delay = result.success ? undefined : policy.retryDelays[attempt - 1];
  const status: DeliveryStatus = result.success ? 'succeeded' : delay !== undefined ? 'retrying' : 'failed';
  const nextAttemptAt = delay !== undefined ? new Date(now.getTime() + delay * 1000) : null;
  const record = [deliveryId, attempt, status, result.status_code, result.error, result.duration_ms, nextAttemptAt, now, row.url];
  if (nextAttemptAt === null) {
    // Settled (succeeded or finally failed): one statement, no transaction needed.
    await pool.query(sql('jobs/webhook-attempt-record'), record);
  } else {
    const { scheduleRetry } = policy;
    if (!scheduleRetry) throw new Error('a retry is due but no scheduler was given');
    await withTransaction(pool, async (client) => {
      const recorded = await client.query(sql('jobs/webhook-attempt-record'), record);
      if (recorded.rows[0].updated) await scheduleRetry(client, deliveryId, attempt + 1, nextAttemptAt);
    });
  }
  return { ...result, status };
}
