/**
 * The watchlist's upcoming alerts (jobs/upcoming-check.ts, jobs/upcoming-workers.ts): day by day
 * on the injected clock, each dated event alerts its watchers 30, 7 and 0 days before, once per
 * (account, carrier, event, threshold); an event first seen late gets the nearest threshold only;
 * one signed watchlist.upcoming delivery per account and check (retried like watchlist.changes),
 * and a digest e-mail at a real SMTP server; deactivated accounts and unwatched carriers get
 * nothing. The check runs through its pg-boss worker, is queued by a run's fan-out, and is
 * scheduled daily.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledEvent } from '../lib/snapshot.ts';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { fanOut } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { checkUpcoming } from '../jobs/upcoming-check.ts';
import { startUpcomingWorkers, UPCOMING_CRON } from '../jobs/upcoming-workers.ts';
import { startWebhookDeliveryWorker } from '../jobs/webhook-delivery.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { carrierRow, putCarriers, putRun } from './helpers/carrier-rows.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { signedWith, startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { signup, type TestAccount } from './helpers/watchlist-fixtures.ts';
import { drained } from './helpers/drained.ts';

let app: TestApp;
let boss: PgBoss;
let smtp: TestSmtp;
let hook: TestReceiver;
/** Answers 500 to its first request, then 200: a retry. */
let flaky: TestReceiver;
let now = new Date('2026-02-17T06:00:00Z');
const clock = () => now;
const day = (d: string) => {
  now = new Date(`${d}T06:00:00Z`);
};

// DOTs ending in 9 (MCS-150 due in September) keep the biennial deadline out of the way; C's is
// due 2026-04-30 (last digit 4 → April, next-to-last 0 → even years).
const A = '7000009';
const B = '7000019';
const C = '7000104';
const REVOCATION: ScheduledEvent = {
  kind: 'revocation',
  date: '2026-03-20',
  source: 'legacy',
  dataset: 'Revocation',
  record: { docket: 'MC777', authority: 'COMMON', authority_kind: 'COMMON', order_type: 'INVOLUNTARY REVOCATION', serve_date: '2026-02-18', effective_date: '2026-03-20' },
};
const CANCELLATION: ScheduledEvent = {
  kind: 'insurance_cancellation',
  date: '2026-04-10',
  source: 'legacy',
  dataset: 'ActPendInsur',
  record: {
    docket: 'MC777', policy_number: 'GW-2', insurer_name: 'GREAT WEST CASUALTY', policy_type: 'CARGO', type_description: 'CARGO', form_code: '34',
    coverage_amount: 100000, effective_date: '2026-01-01', cancellation_date: '2026-04-10', policy_source: 'legacy',
  },
};
const SUSPENSION: ScheduledEvent = {
  kind: 'suspension',
  date: '2026-03-12',
  source: 'motus',
  dataset: 'RevokeSuspend',
  record: {
    docket: 'MC1019', authority: 'Motor Carrier of Property (Except Household Goods)', authority_kind: 'COMMON',
    order_type: 'OPERATING AUTHORITY INVOLUNTARY SUSPENSION NOTICE', serve_date: '2026-02-10', effective_date: '2026-03-12',
  },
};

let alice: TestAccount & { secret: string };
let bob: TestAccount;
let carol: TestAccount;
let dave: TestAccount & { secret: string };

const check = async () => {
  const r = await checkUpcoming({ pool: app.db.pool, boss, clock });
  await drained(boss, [QUEUES.webhookDelivery.name, QUEUES.watchlistUpcomingDigest.name]);
  return r;
};
const bodiesTo = (r: TestReceiver, accountId: number) => r.received.map((h) => JSON.parse(h.body)).filter((b) => b.account_id === accountId);
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
/** (DOT, event id, threshold) of each alert a body carries. */
const keys = (body: { alerts: { dot_number: string; threshold_days: number; event: { id: string } }[] }) =>
  body.alerts.map((a) => `${a.dot_number} ${a.event.id} ${a.threshold_days}`);

beforeAll(async () => {
  smtp = await startSmtp();
  hook = await startReceiver(() => 200);
  flaky = await startReceiver((n) => (n === 1 ? 500 : 200));
  app = await startApp({
    config: { smtpUrl: smtp.url, jobPollingMs: 500, webhookRetryDelays: [1, 2, 3], publicUrl: 'https://api.example.com' },
    services: { clock },
  });
  boss = await startBoss(app.db.url);
  const deps = { pool: app.db.pool, config: app.services.config };
  await startWebhookDeliveryWorker(boss, { ...deps, clock });
  await startUpcomingWorkers(boss, { ...deps, mailer: app.services.mailer, clock }, { schedule: false });

  const run = await putRun(app.db.pool, '2026-02-16');
  await putCarriers(app.db.pool, run, [
    carrierRow(A, { scheduled_events: [REVOCATION, CANCELLATION] }),
    carrierRow(B),
    carrierRow(C),
    carrierRow('7000029', { scheduled_events: [REVOCATION] }), // watched by nobody
  ]);
  const sign = async (email: string, watch: string[], url?: string) => {
    const acc = await signup(app, email);
    await acc.api.POST('/v1/watchlist', { body: { dot_numbers: watch } });
    const secret = url ? (await acc.api.PUT('/v1/watchlist/webhook', { body: { url } })).data!.secret! : '';
    return { ...acc, secret };
  };
  alice = await sign('alice@example.com', [A, B], hook.url);
  bob = await sign('bob@example.com', [A]); // digest only
  carol = await sign('carol@example.com', [A], hook.url);
  await app.db.pool.query('UPDATE accounts SET is_active = false WHERE id = $1', [carol.id]);
  dave = await sign('dave@example.com', [C], flaky.url);
});
afterAll(async () => {
  if (boss) await stopBoss(boss, 2000);
  await app?.close();
  await hook?.close();
  await flaky?.close();
  await smtp?.close();
});

describe('day by day', () => {
  it('31 days before: nothing', async () => {
    day('2026-02-17');
    expect(await check()).toMatchObject({ day: '2026-02-17', carriers: 3, alerts: 0, deliveries: 0, digests: 0 });
  });

  it('30 days before, through the queued job: one signed watchlist.upcoming delivery, the event as the endpoint serves it that day', async () => {
    day('2026-02-18');
    await boss.send(QUEUES.watchlistUpcoming.name, {});
    await drained(boss, [QUEUES.watchlistUpcoming.name, QUEUES.webhookDelivery.name, QUEUES.watchlistUpcomingDigest.name]);

    const [only] = hook.received;
    expect(hook.received).toHaveLength(1);
    expect(only.headers['x-service-event']).toBe('watchlist.upcoming');
    expect(await signedWith(only, alice.secret)).toBe(true);
    const served = (await app.api.GET('/v1/carriers/{dot_number}/upcoming', { params: { path: { dot_number: A } } })).data!;
    expect(JSON.parse(only.body)).toEqual({
      event: 'watchlist.upcoming',
      account_id: alice.id,
      reference_date: '2026-02-18',
      alerts: [{ dot_number: A, carrier_name: `CARRIER ${A} LLC`, threshold_days: 30, event: served.events[0] }],
    });
    expect(served.events[0]).toMatchObject({ id: 'revocation:MC777:COMMON:2026-03-20', days_until: 30 });
    const { rows } = await app.db.pool.query(`SELECT event, etl_run_id, status FROM webhook_deliveries WHERE account_id = $1`, [alice.id]);
    expect(rows).toEqual([{ event: 'watchlist.upcoming', etl_run_id: null, status: 'succeeded' }]);
  });

  it('the digest e-mails carry the same alert, one line each; a deactivated account gets nothing', async () => {
    for (const who of [alice, bob]) {
      const mails = mailsTo(who.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('Subject: Watchlist: 1 upcoming event (2026-02-18)');
      expect(mails[0].text).toContain(
        'revocation on 2026-03-20 (in 30 days): involuntary revocation, docket MC777, COMMON [legacy Revocation (sa6p-acbp)]',
      );
      expect(mails[0].text).toContain(`GET https://api.example.com/v1/carriers/${A}/upcoming`);
    }
    expect(mailsTo(carol.email)).toEqual([]);
    expect(bodiesTo(hook, carol.id)).toEqual([]);
  });

  it('the same day again, or days later within the same threshold: nothing sent twice', async () => {
    expect(await check()).toMatchObject({ alerts: 0 });
    day('2026-02-25');
    expect(await check()).toMatchObject({ alerts: 0 });
    expect(hook.received).toHaveLength(1);
  });

  it('an event first seen 5 days before gets the 7-day alert only', async () => {
    day('2026-03-07');
    const run = await putRun(app.db.pool, '2026-03-07');
    await putCarriers(app.db.pool, run, [carrierRow(B, { scheduled_events: [SUSPENSION] })]);
    expect(await check()).toMatchObject({ alerts: 1, accounts: 1, deliveries: 1, digests: 1 });
    expect(keys(bodiesTo(hook, alice.id).at(-1))).toEqual([`${B} suspension:MC1019:COMMON:2026-03-12 7`]);
  });

  it('alerts due the same day go in one delivery per account: its day for one event, 29 days before another', async () => {
    day('2026-03-12');
    expect(await check()).toMatchObject({ alerts: 3, accounts: 2, deliveries: 1, digests: 2 });
    expect(keys(bodiesTo(hook, alice.id).at(-1))).toEqual([
      `${A} insurance_cancellation:MC777:34:GW-2:2026-04-10 30`,
      `${B} suspension:MC1019:COMMON:2026-03-12 0`,
    ]);
    expect(mailsTo(alice.email).at(-1)!.text).toContain('Subject: Watchlist: 2 upcoming events (2026-03-12)');
    expect(mailsTo(bob.email).at(-1)!.text).toContain(
      'insurance cancellation on 2026-04-10 (in 29 days): policy GW-2 (CARGO, GREAT WEST CASUALTY), docket MC777 [legacy ActPendInsur (qh9u-swkp)]',
    );
    day('2026-03-13');
    expect(await check()).toMatchObject({ alerts: 2, accounts: 2, deliveries: 1 });
    expect(keys(bodiesTo(hook, alice.id).at(-1))).toEqual([`${A} revocation:MC777:COMMON:2026-03-20 7`]);
  });

  it('on the day, then past it: 0, then nothing', async () => {
    day('2026-03-20');
    await check();
    expect(keys(bodiesTo(hook, alice.id).at(-1))).toEqual([`${A} revocation:MC777:COMMON:2026-03-20 0`]);
    day('2026-03-21');
    expect(await check()).toMatchObject({ alerts: 0 });
  });

  it('the MCS-150 deadline alerts too; a failed delivery is retried like watchlist.changes', async () => {
    day('2026-03-31');
    expect(await check()).toMatchObject({ alerts: 1, deliveries: 1 });
    await flaky.waitFor(2);
    await drained(boss, [QUEUES.webhookDelivery.name]);
    const [first, retry] = flaky.received;
    expect(first.body).toBe(retry.body);
    expect(first.headers['webhook-id']).toBe(retry.headers['webhook-id']);
    expect(await signedWith(retry, dave.secret)).toBe(true);
    expect(keys(JSON.parse(retry.body))).toEqual([`${C} mcs150_due:2026-04-30 30`]);
    const { rows } = await app.db.pool.query(`SELECT status, attempt FROM webhook_deliveries WHERE account_id = $1`, [dave.id]);
    expect(rows).toEqual([{ status: 'succeeded', attempt: 2 }]);
    const listed = (await dave.api.GET('/v1/watchlist/webhook/deliveries')).data!;
    expect(listed.deliveries[0]).toMatchObject({ event: 'watchlist.upcoming', etl_run_id: null, attempt: 2, status: 'succeeded' });
  });

  it('two checks at once send each alert once', async () => {
    day('2026-04-03');
    const both = await Promise.all([checkUpcoming({ pool: app.db.pool, boss, clock }), checkUpcoming({ pool: app.db.pool, boss, clock })]);
    expect(both.map((r) => r.alerts).sort()).toEqual([0, 2]);
    expect(both.reduce((n, r) => n + r.deliveries, 0)).toBe(1);
    await drained(boss, [QUEUES.webhookDelivery.name]);
    expect(keys(bodiesTo(hook, alice.id).at(-1))).toEqual([`${A} insurance_cancellation:MC777:34:GW-2:2026-04-10 7`]);
  });

  it('alerts are kept 30 days past their event, then removed', async () => {
    const count = async () => (await app.db.pool.query('SELECT count(*)::int AS n FROM upcoming_alerts WHERE event_date = $1', ['2026-03-12'])).rows[0].n;
    day('2026-04-11');
    await check();
    expect(await count()).toBe(2);
    day('2026-04-12');
    await check();
    expect(await count()).toBe(0);
  });
});

describe('when the check runs', () => {
  it('a run’s fan-out queues it, in the fan-out’s transaction', async () => {
    const before = (await boss.findJobs(QUEUES.watchlistUpcoming.name)).length;
    const run = await putRun(app.db.pool, '2026-04-12');
    expect(await fanOut({ pool: app.db.pool, boss, clock }, run)).toMatchObject({ etl_run_id: run });
    expect((await boss.findJobs(QUEUES.watchlistUpcoming.name)).length).toBe(before + 1);
    // A fan-out already done queues nothing.
    expect(await fanOut({ pool: app.db.pool, boss, clock }, run)).toBeNull();
    expect((await boss.findJobs(QUEUES.watchlistUpcoming.name)).length).toBe(before + 1);
    await drained(boss, [QUEUES.watchlistUpcoming.name]);
  });

  it('daily at 06:00 UTC on its own schedule', async () => {
    const other = await startBoss(app.db.url);
    try {
      await startUpcomingWorkers(other, { pool: app.db.pool, config: app.services.config, mailer: app.services.mailer, clock });
      const schedules = await other.getSchedules();
      expect(schedules.find((s) => s.name === QUEUES.watchlistUpcoming.name)).toMatchObject({ cron: UPCOMING_CRON, timezone: 'UTC' });
      expect(UPCOMING_CRON).toBe('0 6 * * *');
    } finally {
      // Left scheduled, the real 06:00 could run a check in the middle of another test.
      await other.unschedule(QUEUES.watchlistUpcoming.name);
      await stopBoss(other, 2000);
    }
  });
});
