/**
 * The watchlist's upcoming check (docs/foresight.md): on UTC day D, for every carrier watched by an
 * active account, its upcoming events as GET /v1/carriers/{dot}/upcoming answers on D
 * (lib/foresight/events.ts); an event 30, 7 or 0 days away (or nearer than a threshold it has not
 * been alerted at: lib/foresight/alerts.ts) is an alert for each account watching the carrier.
 * In one transaction, the alerts never sent before are recorded (upcoming_alerts: once per
 * account, carrier, event and threshold), and for each account with new alerts
 * - one `watchlist.upcoming` delivery (the exact body, every alert of the check batched) and its
 *   first delivery job when its webhook is enabled: signed and retried like watchlist.changes
 *   (jobs/webhook-delivery.ts);
 * - one digest job (the e-mail is built from the same rows; the job holds their ids).
 * A check run again the same day, or by two workers at once, sends nothing twice.
 *
 * When it runs (jobs/upcoming-workers.ts): after each load's fan-out (jobs/notify.ts queues it in
 * the fan-out's transaction), and daily on its own schedule for the days without a load. D is the
 * injected clock's day, so tests move time instead of waiting for it.
 */
import { withTransaction, type Pool, type PoolClient } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { dueThreshold } from '../lib/foresight/alerts.ts';
import { upcomingEvents, type ForesightRow, type UpcomingEvent } from '../lib/foresight/events.ts';
import type { PgBoss } from './boss.ts';
import { QUEUES } from './queues.ts';
import { enqueueDeliveries, inTransaction } from './webhook-delivery.ts';

/** Watched carriers read per query. */
const PAGE = 5000;
/** Alerts of events further in the past than this are removed (they guard nothing any more). */
const ALERT_KEEP_DAYS = 30;

export interface UpcomingDigestJob {
  account_id: number;
  /** The check's day (UTC). */
  day: string;
  alert_ids: number[];
}

export interface UpcomingCheckResult {
  day: string;
  /** Watched carriers looked at. */
  carriers: number;
  /** Alerts recorded (sent) by this check. */
  alerts: number;
  accounts: number;
  deliveries: number;
  digests: number;
}

interface WatchedRow extends ForesightRow {
  legal_name: string;
  accounts: number[];
}

interface DueAlert {
  account_id: number;
  dot_number: string;
  event_id: string;
  threshold_days: number;
  event_date: string;
  event: UpcomingEvent;
  carrier_name: string;
}

interface AlertRow {
  id: number;
  account_id: number;
  dot_number: string;
  threshold_days: number;
  event_date: string;
  event: UpcomingEvent;
  carrier_name: string;
}

/**
 * Queues a check; with `client`, inside that client's open transaction (the fan-out's). The queue
 * keeps at most one check waiting: a check queued while one waits is the same check.
 *
 * @example await enqueueUpcomingCheck(boss);
 */
export async function enqueueUpcomingCheck(boss: PgBoss, client?: PoolClient): Promise<void> {
  await boss.send(QUEUES.watchlistUpcoming.name, {}, client ? { db: inTransaction(client) } : {});
}

/** The alerts due on `day` for the watched carriers, read a page at a time. */
async function dueAlerts(pool: Pool, day: string): Promise<{ carriers: number; due: DueAlert[] }> {
  const due: DueAlert[] = [];
  let carriers = 0;
  for (let after = ''; ; ) {
    const rows = (await pool.query<WatchedRow>(sql('jobs/upcoming-watched'), [after, PAGE])).rows;
    carriers += rows.length;
    for (const row of rows) {
      for (const event of upcomingEvents(row, day)) {
        const threshold = event.days_until === null ? null : dueThreshold(event.days_until);
        if (threshold === null) continue;
        for (const account_id of row.accounts) {
          due.push({
            account_id,
            dot_number: row.dot_number,
            event_id: event.id,
            threshold_days: threshold,
            event_date: event.date!,
            event,
            carrier_name: row.legal_name,
          });
        }
      }
    }
    if (rows.length < PAGE) return { carriers, due };
    after = rows[rows.length - 1].dot_number;
  }
}

/** The watchlist.upcoming body of one account's new alerts, field order as in openapi.yaml. */
function payload(accountId: number, day: string, alerts: AlertRow[]): string {
  const ordered = [...alerts].sort(
    (a, b) =>
      Number(a.dot_number) - Number(b.dot_number) ||
      a.event_date.localeCompare(b.event_date) ||
      b.threshold_days - a.threshold_days ||
      a.event.id.localeCompare(b.event.id),
  );
  return JSON.stringify({
    event: 'watchlist.upcoming',
    account_id: accountId,
    reference_date: day,
    alerts: ordered.map((a) => ({ dot_number: a.dot_number, carrier_name: a.carrier_name, threshold_days: a.threshold_days, event: a.event })),
  });
}

/**
 * The check of the clock's day.
 *
 * @example await checkUpcoming({ pool, boss, clock: () => new Date('2026-03-05T06:00:00Z') });
 * // → { day: '2026-03-05', carriers: 120, alerts: 3, accounts: 2, deliveries: 1, digests: 2 }
 */
export async function checkUpcoming(deps: { pool: Pool; boss: PgBoss; clock?: () => Date }): Promise<UpcomingCheckResult> {
  const { pool, boss } = deps;
  const now = (deps.clock ?? (() => new Date()))();
  const day = now.toISOString().slice(0, 10);
  const { carriers, due } = await dueAlerts(pool, day);

  return withTransaction(pool, async (client) => {
    await client.query(sql('jobs/upcoming-alerts-prune'), [day, ALERT_KEEP_DAYS]);
    const result: UpcomingCheckResult = { day, carriers, alerts: 0, accounts: 0, deliveries: 0, digests: 0 };
    if (due.length === 0) return result;
    const inserted = (await client.query<AlertRow>(sql('jobs/upcoming-alerts-insert'), [JSON.stringify(due), day, now])).rows;
    if (inserted.length === 0) return result;

    const byAccount = new Map<number, AlertRow[]>();
    for (const a of inserted) byAccount.set(a.account_id, [...(byAccount.get(a.account_id) ?? []), a]);
    const accounts = [...byAccount.keys()].sort((a, b) => a - b);
    const hooked = new Set((await client.query<{ account_id: number }>(sql('jobs/upcoming-webhooks'), [accounts])).rows.map((r) => r.account_id));

    const deliveries = accounts.filter((id) => hooked.has(id)).map((id) => ({ account_id: id, payload: payload(id, day, byAccount.get(id)!) }));
    const ids = deliveries.length
      ? (await client.query<{ id: number }>(sql('jobs/upcoming-insert-deliveries'), [JSON.stringify(deliveries), now])).rows.map((r) => r.id)
      : [];
    await enqueueDeliveries(boss, client, ids);

    const digests = accounts.map((id) => ({
      data: { account_id: id, day, alert_ids: byAccount.get(id)!.map((a) => a.id) } satisfies UpcomingDigestJob,
    }));
    await boss.insert(QUEUES.watchlistUpcomingDigest.name, digests, { db: inTransaction(client) });
    return { ...result, alerts: inserted.length, accounts: accounts.length, deliveries: ids.length, digests: digests.length };
  });
}
