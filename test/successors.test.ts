/**
 * Successor registrations end to end (docs/successor-registrations.md): hand-made day folders
 * (the two-days fixture's first day, plus revoked, long-revoked and pending carriers; on the next
 * day, new DOTs sharing identifiers with them) through the real pipeline; the new_carrier rows of
 * the change feed name their predecessors and what is shared, and the run's watchlist.changes
 * delivery, digest and GET /v1/watchlist/changes reach the predecessors' watchers.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { startNotifyWorkers } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { startWebhookDeliveryWorker } from '../jobs/webhook-delivery.ts';
import { runDay, type DayOutcome } from '../pipeline/run-stages.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { appendLines, censusLine, copyDay, liRevocationLine } from './helpers/hand-days.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { signedWith, startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { signup, type TestAccount } from './helpers/watchlist-fixtures.ts';
import { tempDir, testPipeline, type TestPipeline } from './pipeline-harness.ts';
import { drained } from './helpers/drained.ts';

/** A census line of a carrier with the identifiers the related stage matches. */
function carrier(dir: string, dot: string, name: string, status: 'A' | 'I' | 'P', ids: { phone?: string; email?: string; street?: string; city?: string; state?: string; zip?: string; officer?: string }) {
  return censusLine(dir, {
    MCS150_DATE: '20260301', ADD_DATE: '20260301', STATUS_CODE: status, DOT_NUMBER: dot, CARRIER_OPERATION: 'A', CARSHIP: 'C',
    POWER_UNITS: '1', CLASSDEF: 'AUTHORIZED FOR HIRE', LEGAL_NAME: name, PHONE: ids.phone ?? '', EMAIL_ADDRESS: ids.email ?? '',
    PHY_STREET: ids.street ?? '', PHY_CITY: ids.city ?? '', PHY_STATE: ids.state ?? '', PHY_ZIP: ids.zip ?? '', COMPANY_OFFICER_1: ids.officer ?? '',
  });
}

// 1003 (the fixture's GAMMA FREIGHT BROKERS, census status I) is revoked or shut down from the
// first day: phone 3125550199, e-mail info@gamma.example.
const GAMMA = { phone: '(312) 555-0199', email: 'INFO@gamma.example' };
const OLD = { phone: '6025550100', email: 'old@haulers.example' };
const PENDING = { phone: '7025550100', email: 'start@pending.example' };
const RIVAL = { street: '40 Oak Avenue', city: 'Provo', state: 'UT', zip: '84601', officer: 'John Q Public', phone: '8015550100' };

/** The carriers of both days beside the fixture's. */
function baseDay(root: string, date: string): string {
  const dir = copyDay('two-days/2026-03-01', root, date);
  appendLines(dir, 'census.csv', [
    // Revoked in 2021 (an order on file): outside the three years.
    carrier(dir, '3001', 'OLD HAULERS LLC', 'I', OLD),
    // Registration not complete: pending, not revoked.
    carrier(dir, '3002', 'PENDING START LLC', 'P', PENDING),
    carrier(dir, '3003', 'RIVAL REVOKED INC', 'I', RIVAL),
  ]);
  appendLines(dir, 'revocation.txt', [
    liRevocationLine({
      docket_number: 'MC300100', dot_number: '00003001', type_license: 'COMMON',
      order1_serve_date: '05/01/2021', order2_type_desc: 'INVOLUNTARY REVOCATION', order2_effective_date: '06/01/2021',
    }),
  ]);
  return dir;
}

/** The next day: the new registrations. */
function nextDay(root: string, date: string): string {
  const dir = baseDay(root, date);
  appendLines(dir, 'census.csv', [
    carrier(dir, '4001', 'GAMMA LOGISTICS LLC', 'A', GAMMA), // phone and e-mail of 1003
    carrier(dir, '4002', 'PHONE ONLY LLC', 'A', { phone: GAMMA.phone }), // one identifier: no
    carrier(dir, '4003', 'OLD AGAIN LLC', 'A', OLD), // predecessor revoked more than three years ago: no
    carrier(dir, '4004', 'PENDING TWIN LLC', 'A', PENDING), // a pending registration is no predecessor
    // Address and officer of 3003, phone and e-mail of 1003: two predecessors.
    carrier(dir, '4005', 'DOUBLE BACK LLC', 'A', { ...RIVAL, phone: GAMMA.phone, email: GAMMA.email }),
    // Two registrations of the same day: siblings, not a succession (4006 is inactive already).
    carrier(dir, '4006', 'SAME DAY ONE LLC', 'I', { phone: '9095550100', email: 'twins@sameday.example' }),
    carrier(dir, '4007', 'SAME DAY TWO LLC', 'A', { phone: '9095550100', email: 'twins@sameday.example' }),
  ]);
  return dir;
}

let app: TestApp;
let env: TestPipeline;
let boss: PgBoss;
let smtp: TestSmtp;
let hook: TestReceiver;
let root: string;
let first: DayOutcome;
let second: DayOutcome;
let watchesGamma: TestAccount & { secret: string };
let watchesBoth: TestAccount & { secret: string };
let watchesRival: TestAccount;
let watchesOld: TestAccount & { secret: string };

const bodyFor = (accountId: number) => hook.received.map((h) => ({ h, body: JSON.parse(h.body) })).find((x) => x.body.account_id === accountId);
const GAMMA_PRED = { dot_number: '1003', legal_name: 'GAMMA FREIGHT BROKERS', carrier_status: 'INACTIVE', shared: ['phone', 'email'], revoked_on: '2026-03-01' };
const RIVAL_PRED = { dot_number: '3003', legal_name: 'RIVAL REVOKED INC', carrier_status: 'INACTIVE', shared: ['address', 'officer'], revoked_on: '2026-03-01' };

beforeAll(async () => {
  smtp = await startSmtp();
  hook = await startReceiver(() => 200);
  // The day after the second run: its changes are inside the watchlist's 30-day window.
  app = await startApp({ config: { smtpUrl: smtp.url, jobPollingMs: 500, publicUrl: 'https://api.example.com' }, services: { clock: () => new Date('2026-03-03T12:00:00Z') } });
  env = await testPipeline(app.db.pool);
  boss = await startBoss(app.db.url);
  const deps = { pool: app.db.pool, config: app.services.config };
  await startWebhookDeliveryWorker(boss, deps);
  await startNotifyWorkers(boss, { ...deps, mailer: app.services.mailer });
  root = tempDir('successor-days-');

  first = await runDay(env, baseDay(root, '2026-03-01'));
  const sign = async (email: string, watch: string[]) => {
    const acc = await signup(app, email);
    await acc.api.POST('/v1/watchlist', { body: { dot_numbers: watch } });
    const secret = (await acc.api.PUT('/v1/watchlist/webhook', { body: { url: hook.url } })).data!.secret!;
    return { ...acc, secret };
  };
  watchesGamma = await sign('gamma-watcher@example.com', ['1003']);
  watchesBoth = await sign('both-watcher@example.com', ['1003', '3003']);
  watchesRival = await sign('rival-watcher@example.com', ['3003']);
  watchesOld = await sign('old-watcher@example.com', ['3001', '3002']);

  second = await runDay(env, nextDay(root, '2026-03-02'));
  await drained(boss, [QUEUES.watchlistNotify.name, QUEUES.webhookDelivery.name, QUEUES.watchlistDigest.name]);
});
afterAll(async () => {
  if (boss) await stopBoss(boss, 2000);
  await env?.close();
  await app?.close();
  await hook?.close();
  await smtp?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the pipeline', () => {
  it('names predecessors only in the new_carrier rows of new DOTs that share two identifiers with a carrier revoked within three years', async () => {
    expect(first.stages.find((s) => s.stage === 'related')!.detail).toMatchObject({ successors: 0 });
    expect(second.stages.find((s) => s.stage === 'related')!.detail).toMatchObject({ successors: 2 });
    const feed = (await app.api.GET('/v1/changes/{etl_run_id}', { params: { path: { etl_run_id: second.etl_run_id! }, query: { category: 'new_carrier' } } })).data!;
    const byDot = Object.fromEntries(feed.changes.map((c) => [c.dot_number, c.new_values]));
    expect(Object.keys(byDot).sort()).toEqual(['4001', '4002', '4003', '4004', '4005', '4006', '4007']);
    expect(byDot['4001']).toEqual({ legal_name: 'GAMMA LOGISTICS LLC', carrier_status: 'ACTIVE', phy_state: '', successor_of: [GAMMA_PRED] });
    // Both share two kinds; the same revocation day: by DOT.
    expect(byDot['4005'].successor_of).toEqual([GAMMA_PRED, RIVAL_PRED]);
    for (const dot of ['4002', '4003', '4004', '4006', '4007']) expect(byDot[dot], dot).not.toHaveProperty('successor_of');
  });

  it('the carrier’s own change feed shows the same row', async () => {
    const mine = (await app.api.GET('/v1/carriers/{dot_number}/changes', { params: { path: { dot_number: '4001' } } })).data!;
    expect(mine.changes).toEqual([
      { etl_run_id: second.etl_run_id, batch_ts: '2026-03-02T00:00:00.000Z', category: 'new_carrier', old_values: {}, new_values: expect.objectContaining({ successor_of: [GAMMA_PRED] }) },
    ]);
  });
});

describe('watchers of a predecessor', () => {
  it('get the successor’s new_carrier row in the run’s watchlist.changes delivery, signed', async () => {
    const got = bodyFor(watchesGamma.id)!;
    expect(await signedWith(got.h, watchesGamma.secret)).toBe(true);
    expect(got.body).toMatchObject({ event: 'watchlist.changes', etl_run_id: second.etl_run_id });
    expect(got.body.changes).toEqual([
      { dot_number: '4001', carrier_name: 'GAMMA LOGISTICS LLC', categories: ['new_carrier'], diffs: [{ category: 'new_carrier', old_values: {}, new_values: expect.objectContaining({ successor_of: [GAMMA_PRED] }) }] },
      { dot_number: '4005', carrier_name: 'DOUBLE BACK LLC', categories: ['new_carrier'], diffs: [{ category: 'new_carrier', old_values: {}, new_values: expect.objectContaining({ successor_of: [GAMMA_PRED, RIVAL_PRED] }) }] },
    ]);
  });

  it('once, when they watch two of its predecessors; nothing for the watchers of a long-revoked or pending carrier', async () => {
    expect(bodyFor(watchesBoth.id)!.body.changes.map((c: { dot_number: string }) => c.dot_number)).toEqual(['4001', '4005']);
    expect(hook.received.filter((h) => JSON.parse(h.body).account_id === watchesBoth.id)).toHaveLength(1);
    expect(bodyFor(watchesOld.id)).toBeUndefined();
  });

  it('the digest e-mail says whom it succeeds and what is shared', async () => {
    const mail = smtp.received.find((m) => m.to.includes(watchesRival.email))!;
    expect(mail.text).toContain('USDOT 4005  DOUBLE BACK LLC');
    // (The test server decodes the text part byte by byte: the em dash before "->" is not compared.)
    expect(mail.text).toMatch(/successor_of: \S+ -> USDOT 1003 \(GAMMA FREIGHT BROKERS\), sharing phone and email, revoked or shut down on 2026-03-01; USDOT 3003 \(RIVAL REVOKED INC\), sharing address and officer, revoked or shut down on 2026-03-01\r?\n/);
    expect(mail.text).not.toContain('4001');
  });

  it('GET /v1/watchlist/changes lists it too (backfill), by category as well', async () => {
    const list = async (category?: 'new_carrier' | 'contact_change') =>
      (await watchesRival.api.GET('/v1/watchlist/changes', { params: { query: category ? { category } : {} } })).data!;
    const all = await list();
    expect(all.total).toBe(1);
    expect(all.changes).toEqual([
      {
        dot_number: '4005', carrier_name: 'DOUBLE BACK LLC', etl_run_id: second.etl_run_id, batch_ts: '2026-03-02T00:00:00.000Z',
        category: 'new_carrier', old_values: {}, new_values: expect.objectContaining({ successor_of: [GAMMA_PRED, RIVAL_PRED] }),
      },
    ]);
    expect((await list('new_carrier')).total).toBe(1);
    expect((await list('contact_change')).total).toBe(0);
    // Watching the successor and a predecessor: the row once.
    await watchesBoth.api.POST('/v1/watchlist', { body: { dot_numbers: ['4005'] } });
    const both = (await watchesBoth.api.GET('/v1/watchlist/changes', {})).data!;
    expect(both.changes.map((c) => c.dot_number)).toEqual(['4001', '4005']);
  });
});
