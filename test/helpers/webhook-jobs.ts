/**
 * The webhook attempts waiting in pg-boss, and a way to let their time come. Tests keep the spec's
 * retry delays (minutes), so no retry can fire before a step that must come first however slow
 * the machine is; a test then brings the one retry it means forward with pg-boss's own update()
 * (which pulls a queued job forward to the database's now) instead of sleeping until it is due.
 */
import type { PgBoss } from '../../jobs/boss.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { WebhookJob } from '../../jobs/webhook-delivery.ts';

export interface QueuedAttempt {
  /** The pg-boss job id. */
  id: string;
  attempt: number;
  /** When pg-boss may start it. */
  startAfter: Date;
}

/** Attempts of a delivery still waiting in pg-boss (none once it succeeded or failed), by attempt. */
export async function queuedAttempts(boss: PgBoss, deliveryId: number): Promise<QueuedAttempt[]> {
  const jobs = await boss.findJobs<WebhookJob>(QUEUES.webhookDelivery.name, { data: { delivery_id: deliveryId }, queued: true });
  return jobs.map((j) => ({ id: j.id, attempt: j.data.attempt, startAfter: j.startAfter })).sort((x, y) => x.attempt - y.attempt);
}

/**
 * Makes the one queued attempt of a delivery due now; returns it as it was scheduled. A worker
 * polling the queue then picks it up at its next poll.
 */
export async function dueNow(boss: PgBoss, deliveryId: number): Promise<QueuedAttempt> {
  const queued = await queuedAttempts(boss, deliveryId);
  if (queued.length !== 1) throw new Error(`delivery ${deliveryId}: expected one queued attempt, found ${queued.length}`);
  const { updated } = await boss.update(QUEUES.webhookDelivery.name, undefined, { id: queued[0].id, startAfter: 0 });
  if (updated !== 1) throw new Error(`delivery ${deliveryId}: attempt ${queued[0].attempt} was taken before it could be moved`);
  return queued[0];
}
