/**
 * Contact tenure on the full profile (server/contact-tenure.ts, migration 035): the rule on its
 * own, then GET /v1/carriers/{dot} and ?as_of over hand-made loads through the history hook
 * (implicit first versions, changes of each field, a swap of officer slots, a removal and
 * return, window edges at exactly 90 and 365 days), the ETag and the carrier cache, and the
 * 52-week retention pruning versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneChanges } from '../jobs/retention.ts';
import { contactTenure, type ContactVersion } from '../server/contact-tenure.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { carrierRow } from './helpers/carrier-rows.ts';
import { loadDay } from './helpers/history-loads.ts';

const v = (from: string, over: Partial<Record<'phone' | 'email' | 'street' | 'city' | 'o1' | 'o2', string>> = {}): ContactVersion => [
  from,
  over.phone ?? '4025550100',
  over.email ?? 'ops@example.com',
  over.street ?? '1 MAIN ST',
  over.city ?? 'OMAHA',
  'NE',
  '68102',
  over.o1 ?? 'JANE DOE',
  over.o2 ?? '',
];
const none = { last_changed: null, days_since_change: null, changes_90d: 0, changes_365d: 0 };

describe('contactTenure (the rule)', () => {
  it('nothing is known before the first version: no change, and no tenure without versions', () => {
    expect(contactTenure(null)).toBeUndefined();
    expect(contactTenure({ reference_date: '2026-03-01', versions: [] })).toBeUndefined();
    expect(contactTenure({ reference_date: '2026-03-01', versions: [v('2025-06-01')] })).toEqual({
      reference_date: '2026-03-01',
      observed_since: '2025-06-01',
      phone: none,
      email: none,
      address: none,
      officers: none,
    });
  });

  it('a change is a version whose value differs from the one before; other columns changing is none', () => {
    const t = contactTenure({
      reference_date: '2026-03-01',
      versions: [v('2025-01-01'), v('2025-02-01'), v('2026-01-01', { phone: '4025550199' }), v('2026-02-01', { phone: '4025550199' }), v('2026-02-27')],
    })!;
    // 2026-01-01 (59 days) and back on 2026-02-27 (2 days); the versions in between (other columns) change nothing.
    expect(t.phone).toEqual({ last_changed: '2026-02-27', days_since_change: 2, changes_90d: 2, changes_365d: 2 });
    expect([t.email, t.address, t.officers]).toEqual([none, none, none]);
  });

  it('windows hold 0 ≤ days < N: a change exactly 90 or 365 days back is outside that window', () => {
    const t = contactTenure({
      reference_date: '2026-03-01',
      versions: [v('2025-01-01'), v('2025-03-01', { email: 'a@x.com' }), v('2025-12-01', { email: 'b@x.com' }), v('2026-03-01', { email: 'c@x.com' })],
    })!;
    // 2025-03-01 is 365 days back, 2025-12-01 is 90, 2026-03-01 is 0.
    expect(t.email).toEqual({ last_changed: '2026-03-01', days_since_change: 0, changes_90d: 1, changes_365d: 2 });
  });

  it('address: any of street, city, state, zip; officers: the pair in either order, from or to empty', () => {
    const t = contactTenure({
      reference_date: '2026-03-01',
      versions: [
        v('2026-01-01', { o1: 'JANE DOE', o2: 'JOHN ROE' }),
        v('2026-01-10', { o1: 'JOHN ROE', o2: 'JANE DOE' }), // a swap of slots: same officers
        v('2026-01-20', { o1: 'JOHN ROE', o2: '' }), // one gone: a change
        v('2026-02-01', { o1: 'JOHN ROE', city: 'LINCOLN' }),
      ],
    })!;
    expect(t.officers).toEqual({ last_changed: '2026-01-20', days_since_change: 40, changes_90d: 1, changes_365d: 1 });
    expect(t.address).toEqual({ last_changed: '2026-02-01', days_since_change: 28, changes_90d: 1, changes_365d: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// Over the HTTP API, on history written by the load hook.

let app: TestApp;
const run: Record<string, number> = {};
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, etag: res.headers.get('etag'), body: res.status === 304 ? undefined : await res.json() };
};
const tenure = async (dot: string, asOf?: string) => {
  const r = await get(`/v1/carriers/${dot}${asOf ? `?as_of=${asOf}` : ''}`);
  expect(r.status, `${dot} ${asOf ?? ''}`).toBe(200);
  return r.body.contact_tenure;
};

// 10 is the hijack: phone, e-mail, address and phone again. 11 changes its fleet (a version
// without contact change), then its officers. 12 leaves and comes back with another e-mail. 13
// swaps its officer slots. 14 is new on the last day. 15 never changes (its version stays
// implicit). 16 changed its phone once, on the second day only.
const base = (dot: string) => carrierRow(dot, { officer_1: 'JANE DOE', officer_2: 'JOHN ROE' });
const c10 = base('10');
const c11 = base('11');
const c12 = base('12');
const c13 = base('13');
const c15 = base('15');
const c16 = base('16');

beforeAll(async () => {
  app = await startApp();
  const pool = app.db.pool;
  run.d1 = await loadDay(pool, '2025-01-01', 'full', { upsert: [c10, c11, c12, c13, c15, c16] });
  run.d2 = await loadDay(pool, '2025-03-01', 'incremental', {
    upsert: [
      { ...c10, phone: '4025550111' },
      { ...c11, power_units: 9 },
      { ...c13, officer_1: 'JOHN ROE', officer_2: 'JANE DOE' },
      { ...c16, phone: '4025550166' },
    ],
  });
  run.d3 = await loadDay(pool, '2025-12-01', 'incremental', {
    upsert: [
      { ...c10, phone: '4025550111', phy_city: 'LINCOLN' },
      { ...c11, power_units: 9, officer_2: 'RICK MOE' },
    ],
  });
  run.d4 = await loadDay(pool, '2026-02-20', 'incremental', {
    upsert: [{ ...c10, phone: '4025550122', phy_city: 'LINCOLN', email: 'dispatch@fresh-mail.example' }],
    remove: ['12'],
  });
  run.d5 = await loadDay(pool, '2026-03-01', 'incremental', {
    upsert: [
      { ...c10, phone: '4025550111', phy_city: 'LINCOLN', email: 'dispatch@fresh-mail.example' },
      { ...c12, email: 'new12@example.com' },
      base('14'),
    ],
  });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /v1/carriers/{dot_number}: contact_tenure', () => {
  it('counts to the served run’s batch date, each field on its own, edges at 90 and 365 days', async () => {
    expect(await tenure('10')).toEqual({
      reference_date: '2026-03-01',
      observed_since: '2025-01-01',
      // 2025-03-01 (365 days back: outside the year), 2026-02-20, 2026-03-01.
      phone: { last_changed: '2026-03-01', days_since_change: 0, changes_90d: 2, changes_365d: 2 },
      email: { last_changed: '2026-02-20', days_since_change: 9, changes_90d: 1, changes_365d: 1 },
      // 2025-12-01 is exactly 90 days back: in the year, not in the 90 days.
      address: { last_changed: '2025-12-01', days_since_change: 90, changes_90d: 0, changes_365d: 1 },
      officers: none,
    });
  });

  it('a version that changes other columns changes no contact; a swap of officer slots is no change', async () => {
    const t11 = await tenure('11');
    expect([t11.phone, t11.email, t11.address]).toEqual([none, none, none]);
    expect(t11.officers).toEqual({ last_changed: '2025-12-01', days_since_change: 90, changes_90d: 0, changes_365d: 1 });
    expect((await tenure('13')).officers).toEqual(none);
  });

  it('a carrier back after a gap changed what differs from its version before the gap, on the day it came back', async () => {
    const t12 = await tenure('12');
    expect(t12.observed_since).toBe('2025-01-01');
    expect(t12.email).toEqual({ last_changed: '2026-03-01', days_since_change: 0, changes_90d: 1, changes_365d: 1 });
    expect(t12.phone).toEqual(none);
  });

  it('implicit first versions (the first run writes no history) and new carriers: observed since their first day, no change', async () => {
    expect(await app.db.pool.query("SELECT 1 FROM carrier_history WHERE dot_number = '15'").then((r) => r.rowCount)).toBe(0);
    expect(await tenure('15')).toEqual({ reference_date: '2026-03-01', observed_since: '2025-01-01', phone: none, email: none, address: none, officers: none });
    expect(await tenure('14')).toEqual({ reference_date: '2026-03-01', observed_since: '2026-03-01', phone: none, email: none, address: none, officers: none });
  });
});

describe('GET /v1/carriers/{dot_number}?as_of: contact_tenure', () => {
  it('counts to the as_of date, from the versions that began on or before it', async () => {
    expect(await tenure('10', '2026-02-25')).toEqual({
      reference_date: '2026-02-25',
      observed_since: '2025-01-01',
      phone: { last_changed: '2026-02-20', days_since_change: 5, changes_90d: 1, changes_365d: 2 },
      email: { last_changed: '2026-02-20', days_since_change: 5, changes_90d: 1, changes_365d: 1 },
      address: { last_changed: '2025-12-01', days_since_change: 86, changes_90d: 1, changes_365d: 1 },
      officers: none,
    });
    expect(await tenure('10', '2025-02-01')).toEqual({
      reference_date: '2025-02-01',
      observed_since: '2025-01-01',
      phone: none,
      email: none,
      address: none,
      officers: none,
    });
    // The day of a run: its change counts, 0 days back.
    expect((await tenure('10', '2025-03-01')).phone).toEqual({ last_changed: '2025-03-01', days_since_change: 0, changes_90d: 1, changes_365d: 1 });
  });

  it('equals the live answer’s tenure on the served run’s day', async () => {
    expect(await tenure('10', '2026-03-01')).toEqual(await tenure('10'));
    expect(await tenure('12', '2026-03-01')).toEqual(await tenure('12'));
  });
});

describe('caching and the ETag', () => {
  it('a cached answer carries the same tenure, and a new run’s load replaces it', async () => {
    const first = await get('/v1/carriers/10');
    await get('/v1/carriers/10'); // kept at its second miss
    const hits = app.services.carrierCache!.stats().hits;
    const cached = await get('/v1/carriers/10');
    expect(app.services.carrierCache!.stats().hits).toBe(hits + 1);
    expect(cached).toEqual(first);

    run.d6 = await loadDay(app.db.pool, '2026-03-05', 'incremental', { upsert: [{ ...c15, email: 'late@example.com' }] });
    await app.services.carrierCache!.sync();
    const after = await get('/v1/carriers/10');
    expect(after.etag).not.toBe(first.etag);
    expect(after.body.contact_tenure.reference_date).toBe('2026-03-05');
    expect(after.body.contact_tenure.phone.days_since_change).toBe(4);
    expect((await tenure('15')).email).toEqual({ last_changed: '2026-03-05', days_since_change: 0, changes_90d: 1, changes_365d: 1 });
  });

  it('retention pruning a carrier’s oldest versions changes its tenure, its ETag and the cached answer', async () => {
    const before = await get('/v1/carriers/16');
    expect(before.body.contact_tenure.phone).toEqual({ last_changed: '2025-03-01', days_since_change: 369, changes_90d: 0, changes_365d: 0 });
    await get('/v1/carriers/16'); // cached from now on
    const asOfBefore = await get('/v1/carriers/16?as_of=2026-03-01');
    expect(asOfBefore.body.contact_tenure.observed_since).toBe('2025-01-01');

    // 52 weeks before 2026-01-15 is 2025-01-16: the first run leaves the feed, the horizon moves to
    // the second, and the versions closed by then (16's first) go.
    const pruned = await pruneChanges(app.db.pool, new Date('2026-01-15T00:00:00Z'));
    expect(pruned.runs).toEqual([run.d1]);
    await app.services.carrierCache!.sync();

    const after = await get('/v1/carriers/16');
    expect(after.body.contact_tenure).toMatchObject({ observed_since: '2025-03-01', phone: none });
    expect(after.etag).not.toBe(before.etag);
    expect((await get('/v1/carriers/16', { 'If-None-Match': before.etag! })).status).toBe(200);
    expect((await get('/v1/carriers/16', { 'If-None-Match': after.etag! })).status).toBe(304);

    const asOfAfter = await get('/v1/carriers/16?as_of=2026-03-01');
    expect(asOfAfter.body.contact_tenure.observed_since).toBe('2025-03-01');
    expect(asOfAfter.etag).not.toBe(asOfBefore.etag);
    // A carrier that lost no version keeps its ETag.
    expect((await get('/v1/carriers/14', { 'If-None-Match': (await get('/v1/carriers/14')).etag! })).status).toBe(304);
  });
});
