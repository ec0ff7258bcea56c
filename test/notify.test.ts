/**
 * After an ETL run: the watchlist fan-out (one batched watchlist.changes delivery per account with
 * an enabled webhook, one digest e-mail per account with changes, at a real SMTP server), its
 * idempotence, and the nightly ETL job that runs the real pipeline, whose load queues the fan-out
 * (test/pipeline-notify.test.ts: every way of running a load).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipelineCli } from '../lib/pipeline-process.ts';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { newestDumpFolder, runEtl, startEtlWorker } from '../jobs/etl-cron.ts';
import { enqueueNotify, fanOut, startNotifyWorkers } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { startWebhookDeliveryWorker } from '../jobs/webhook-delivery.ts';
import { drained } from './helpers/drained.ts';
import { putChanges } from './helpers/carrier-rows.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { loadedSample } from './helpers/sample.ts';
import { startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { DAY_MS, putRunAt, seedCarriers, signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let boss: PgBoss;
let smtp: TestSmtp;
let hook: TestReceiver;

beforeAll(async () => {
  smtp = await startSmtp();
  hook = await startReceiver(() => 200);
  app = await startApp({ config: { smtpUrl: smtp.url, jobPollingMs: 500, webhookRetryDelays: [1, 2, 3], webhookTimeoutMs: 120_000, publicUrl: 'https://api.example.com' } });
  boss = await startBoss(app.db.url);
  const deps = { pool: app.db.pool, config: app.services.config };
  await startWebhookDeliveryWorker(boss, deps);
  await startNotifyWorkers(boss, { ...deps, mailer: app.services.mailer });
});
afterAll(async () => {
  if (boss) await stopBoss(boss, 2000);
  await app?.close();
  await hook?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('fan-out of one run', () => {
  let a: TestAccount & { secret: string };
  let b: TestAccount;
  let c: TestAccount;
  let d: TestAccount;
  let e: TestAccount;
  let run: number;
  const [X, Y, Z, W] = ['6000001', '6000002', '6000003', '6000004'];
  // Yesterday, midnight UTC: inside the 30-day window of the changes endpoint.
  const runAt = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
  const runDay = runAt.toISOString().slice(0, 10);

  beforeAll(async () => {
    const base = await putRunAt(app.db.pool, new Date(runAt.getTime() - DAY_MS));
    await seedCarriers(app.db.pool, base, 6_000_001, 4);
    const sign = async (email: string, watch: string[], url?: string) => {
      const acc = await signup(app, email);
      await acc.api.POST('/v1/watchlist', { body: { dot_numbers: watch } });
      const secret = url ? (await acc.api.PUT('/v1/watchlist/webhook', { body: { url } })).data!.secret! : '';
      return { ...acc, secret };
    };
    a = await sign('a@example.com', [Y, X, W], hook.url); // webhook + digest
    b = await sign('b@example.com', [Z, X]); // digest only
    c = await sign('c@example.com', [W]); // nothing changed
    d = await sign('d@example.com', [X], hook.url); // deactivated
    await app.db.pool.query('UPDATE accounts SET is_active = false WHERE id = $1', [d.id]);
    e = await sign('e@example.com', [Y], hook.url); // webhook disabled: digest only
    await e.api.DELETE('/v1/watchlist/webhook');

    run = await putRunAt(app.db.pool, runAt);
    await putChanges(app.db.pool, run, [
      { dot: X, category: 'insurance_change', old: { max_bipd: 750000, max_cargo: 0 }, new: { max_bipd: 0, max_cargo: 0 } },
      { dot: X, category: 'authority_change', old: { carrier_status: 'ACTIVE', authority_status: 'A', broker_authority_status: 'N' }, new: { carrier_status: 'INACTIVE', authority_status: 'I', broker_authority_status: 'N' } },
      { dot: Y, category: 'contact_change', old: { phone: '4025550100' }, new: { phone: '4025550199' }, name: 'Y <EXPRESS> & SONS' },
      { dot: Z, category: 'fleet_change', old: { power_units: 3, drivers: 3 }, new: { power_units: 30, drivers: 31 } },
    ]);
    await enqueueNotify(boss, run);
    await drained(boss, [QUEUES.watchlistNotify.name, QUEUES.webhookDelivery.name, QUEUES.watchlistDigest.name]);
  });

  it('one signed watchlist.changes delivery per account with an enabled webhook, all changes batched', async () => {
    const received = hook.received.filter((h) => JSON.parse(h.body).etl_run_id === run);
    expect(received).toHaveLength(1);
    const [only] = received;
    expect(only.headers['x-service-event']).toBe('watchlist.changes');
    expect(await verify(a.secret, only.body, String(only.headers['x-service-signature']))).toBe(true);
    expect(JSON.parse(only.body)).toEqual({
      event: 'watchlist.changes',
      etl_run_id: run,
      batch_ts: runAt.toISOString(),
      account_id: a.id,
      changes: [
        {
          dot_number: X,
          carrier_name: `CARRIER ${X} LLC`,
          categories: ['authority_change', 'insurance_change'],
          diffs: [
            { category: 'authority_change', old_values: { carrier_status: 'ACTIVE', authority_status: 'A', broker_authority_status: 'N' }, new_values: { carrier_status: 'INACTIVE', authority_status: 'I', broker_authority_status: 'N' } },
            { category: 'insurance_change', old_values: { max_bipd: 750000, max_cargo: 0 }, new_values: { max_bipd: 0, max_cargo: 0 } },
          ],
        },
        { dot_number: Y, carrier_name: 'Y <EXPRESS> & SONS', categories: ['contact_change'], diffs: [{ category: 'contact_change', old_values: { phone: '4025550100' }, new_values: { phone: '4025550199' } }] },
      ],
    });
    const [logged] = (await a.api.GET('/v1/watchlist/webhook/deliveries')).data!.deliveries;
    expect(logged).toMatchObject({ event: 'watchlist.changes', etl_run_id: run, attempt: 1, status: 'succeeded', status_code: 200 });
    for (const other of [b, e]) expect((await other.api.GET('/v1/watchlist/webhook/deliveries')).data!.deliveries).toEqual([]);
    expect((await app.db.pool.query('SELECT 1 FROM webhook_deliveries WHERE account_id = $1', [d.id])).rowCount).toBe(0);
  });

  it('one digest e-mail (text and HTML) per account with changes, carrying the same diffs', async () => {
    expect(mailsTo(a.email)).toHaveLength(1);
    expect(mailsTo(b.email)).toHaveLength(1);
    expect(mailsTo(e.email)).toHaveLength(1);
    expect(mailsTo(c.email)).toHaveLength(0);
    expect(mailsTo(d.email)).toHaveLength(0);

    const mail = mailsTo(a.email)[0];
    expect(mail.raw).toMatch(new RegExp(`^Subject: Watchlist: 2 carriers changed on ${runDay}$`, 'm'));
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.text).toContain(`USDOT ${X}  CARRIER ${X} LLC`);
    expect(mail.text).toContain('carrier_status: ACTIVE -> INACTIVE');
    expect(mail.text).toContain('max_bipd: 750000 -> 0');
    expect(mail.text).toContain('phone: 4025550100 -> 4025550199');
    expect(mail.text).toContain('https://api.example.com/v1/watchlist/changes');
    expect(mail.text).toContain('Y &lt;EXPRESS&gt; &amp; SONS'); // escaped in the HTML part
    expect(mail.text).not.toContain(Z);

    const bMail = mailsTo(b.email)[0];
    expect(bMail.raw).toMatch(new RegExp(`^Subject: Watchlist: 2 carriers changed on ${runDay}$`, 'm'));
    expect(bMail.text).toContain('power_units: 3 -> 30');
  });

  it('the changes endpoint serves the same rows (backfill for missed deliveries)', async () => {
    const { data } = await a.api.GET('/v1/watchlist/changes', { params: { query: { since: new Date(runAt.getTime() - 1).toISOString() } } });
    expect(data!.changes.map((r) => `${r.etl_run_id} ${r.dot_number} ${r.category}`)).toEqual([
      `${run} ${X} authority_change`,
      `${run} ${X} insurance_change`,
      `${run} ${Y} contact_change`,
    ]);
  });

  it('running the fan-out of a run again changes nothing', async () => {
    expect(await fanOut({ pool: app.db.pool, boss }, run)).toBeNull();
    await enqueueNotify(boss, run); // as a load run again would
    await drained(boss, [QUEUES.watchlistNotify.name, QUEUES.watchlistDigest.name]);
    expect(hook.received.filter((h) => JSON.parse(h.body).etl_run_id === run)).toHaveLength(1);
    expect(mailsTo(a.email)).toHaveLength(1);
    const count = await app.db.pool.query('SELECT accounts, deliveries, digests FROM watchlist_notifications WHERE etl_run_id = $1', [run]);
    expect(count.rows).toEqual([{ accounts: 3, deliveries: 1, digests: 3 }]);
  });

  it('a run that is not served yet is not fanned out', async () => {
    const pending = await putRunAt(app.db.pool, new Date(runAt.getTime() + DAY_MS / 2), 'running');
    await putChanges(app.db.pool, pending, [{ dot: X, category: 'fleet_change', old: { power_units: 1, drivers: 1 }, new: { power_units: 20, drivers: 20 } }]);
    expect(await fanOut({ pool: app.db.pool, boss }, pending)).toBeNull();
    expect((await app.db.pool.query('SELECT 1 FROM watchlist_notifications WHERE etl_run_id = $1', [pending])).rowCount).toBe(0);
  });
});

describe('nightly ETL job', () => {
  it('finds the newest day folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etl-dumps-'));
    expect(newestDumpFolder(path.join(dir, 'missing'))).toBeNull();
    expect(newestDumpFolder(dir)).toBeNull();
    for (const d of ['2026-10-01', '2026-10-03', '2026-10-02', 'notes']) fs.mkdirSync(path.join(dir, d));
    fs.writeFileSync(path.join(dir, '2026-10-09'), 'a file, not a folder');
    expect(newestDumpFolder(dir)).toBe(path.join(dir, '2026-10-03'));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is scheduled by ETL_CRON in UTC', async () => {
    const second = await startBoss(app.db.url);
    try {
      await startEtlWorker(second, { pool: app.db.pool, config: { ...app.services.config, etlCron: '15 2 * * *' }, databaseUrl: app.db.url });
      const schedules = await second.getSchedules();
      expect(schedules.find((s) => s.name === QUEUES.etlRun.name)).toMatchObject({ cron: '15 2 * * *', timezone: 'UTC' });
    } finally {
      await stopBoss(second, 2000);
    }
  });

  it('runs the pipeline on the newest dump folder, whose load fans the new run out to watchers', async () => {
    // The loaded sample's days are the baseline; the job then finds the next day as the newest folder.
    const sample = await loadedSample();
    const next = sample.days[sample.loaded];
    const env = { DUCKDB_PATH: sample.duckdb, LOG_LEVEL: 'warn' };
    const etlDb = sample.db;
    const etlApp = await startApp({ db: etlDb, config: { smtpUrl: smtp.url, jobPollingMs: 500 } });
    const etlBoss = await startBoss(etlDb.url);
    try {
      await startNotifyWorkers(etlBoss, { pool: etlDb.pool, config: etlApp.services.config, mailer: etlApp.services.mailer });
      // The sample's own loads queued their runs' fan-outs (each load does, in its transaction):
      // they go out first, to nobody, or the watcher below could hear of an earlier run.
      await drained(etlBoss, [QUEUES.watchlistNotify.name, QUEUES.watchlistDigest.name]);
      const onlyNext = fs.mkdtempSync(path.join(os.tmpdir(), 'etl-input-'));
      fs.symlinkSync(path.join(sample.dumps, next), path.join(onlyNext, next));
      const watcher = await signup(etlApp, 'etl-watcher@example.com');
      const all = (await etlDb.pool.query<{ dot_number: string }>('SELECT dot_number FROM carriers ORDER BY dot_number LIMIT 500')).rows.map((r) => r.dot_number);
      for (let i = 0; i < all.length; i += 50) await watcher.api.POST('/v1/watchlist', { body: { dot_numbers: all.slice(i, i + 50) } });

      const result = await runEtl({
        pool: etlDb.pool,
        boss: etlBoss,
        config: { etlInputDir: onlyNext },
        databaseUrl: etlDb.url,
        runCli: (args, childEnv) => runPipelineCli(args, { ...childEnv, ...env }),
      });
      expect(result.input).toBe(path.join(onlyNext, next));
      expect(result.runs).toHaveLength(1);
      const changed = (
        await etlDb.pool.query(
          'SELECT count(DISTINCT c.dot_number)::int AS n FROM changes c JOIN watchlist_entries w ON w.dot_number = c.dot_number WHERE c.etl_run_id = $1',
          [result.runs[0]],
        )
      ).rows[0].n;
      expect(changed).toBeGreaterThan(0);

      await expect.poll(() => mailsTo('etl-watcher@example.com').length, { interval: 250 }).toBe(1);
      expect(mailsTo('etl-watcher@example.com')[0].raw).toMatch(new RegExp(`^Subject: Watchlist: ${changed} carriers? changed on ${next}$`, 'm'));
      // Again: the day is already loaded, no new run, nothing more to fan out.
      expect((await runEtl({ pool: etlDb.pool, boss: etlBoss, config: { etlInputDir: onlyNext }, databaseUrl: etlDb.url, runCli: (args, childEnv) => runPipelineCli(args, { ...childEnv, ...env }) })).runs).toEqual([]);
    } finally {
      await stopBoss(etlBoss, 2000);
      await etlApp.close();
      await sample.drop();
    }
  });
});
