/**
 * The change feed over hand-made runs and change rows: run list, latest run, one run, one
 * carrier; pagination, filters, ordering, 404s, 400 envelopes and empty answers. Responses are
 * validated against openapi.yaml by the test app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../lib/sql-files.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { carrierRow, putCarriers, putChanges, putRun } from './helpers/carrier-rows.ts';

let app: TestApp;
const runs: Record<string, number> = {};

const get = async (path: string) => {
  const res = await fetch(`${app.url}${path}`);
  return { status: res.status, headers: res.headers, body: res.status === 304 ? null : await res.json() };
};

const authority = (from: string, to: string) => ({
  old: { carrier_status: 'ACTIVE', authority_status: from, broker_authority_status: 'NONE' },
  new: { carrier_status: 'ACTIVE', authority_status: to, broker_authority_status: 'NONE' },
});
const fleet = { old: { power_units: 3, drivers: 3 }, new: { power_units: 30, drivers: 31 } };
const contact = (from: string, to: string) => ({
  old: { phy_street: '1 MAIN ST', phy_city: 'OMAHA', phy_state: from, phy_zip: '68102', phone: '4025550100', email: 'a@b.co' },
  new: { phy_street: '9 OCEAN AVE', phy_city: 'FRESNO', phy_state: to, phy_zip: '93650', phone: '4025550100', email: 'a@b.co' },
});
const identity = {
  old: { legal_name: 'NINE LLC', dba_name: '', officer_1: 'A', officer_2: '' },
  new: { legal_name: 'NINE TRUCKING LLC', dba_name: '', officer_1: 'A', officer_2: '' },
};

beforeAll(async () => {
  app = await startApp();
  const pool = app.db.pool;
  runs.purged = await putRun(pool, '2025-06-01', { purged: true });
  runs.first = await putRun(pool, '2026-03-01');
  runs.second = await putRun(pool, '2026-03-02', {
    summary: {
      new_carriers: 1, removed_carriers: 0, authority_changes: 1, revocations_pending: 0, insurance_changes: 0,
      safety_changes: 0, fleet_changes: 0, identity_changes: 0, contact_changes: 0, total_changes: 2,
    },
  });
  runs.third = await putRun(pool, '2026-03-04');
  runs.running = await putRun(pool, '2026-03-05', { status: 'running' });
  runs.failed = await putRun(pool, '2026-03-06', { status: 'failed' });

  await putCarriers(pool, runs.third, [
    carrierRow('2'),
    carrierRow('9'),
    carrierRow('10', { phy_state: 'CA' }),
    carrierRow('11', { phy_state: 'CA' }),
  ]);
  await putChanges(pool, runs.purged, [{ dot: '10', category: 'fleet_change', ...fleet }]);
  await putChanges(pool, runs.second, [
    { dot: '11', category: 'new_carrier', new: { legal_name: 'CARRIER 11 LLC', carrier_status: 'ACTIVE', phy_state: 'NE' } },
    { dot: '10', category: 'authority_change', ...authority('NONE', 'ACTIVE') },
  ]);
  // Inserted out of feed order on purpose: the API orders by DOT (numeric), then category.
  await putChanges(pool, runs.third, [
    { dot: '100', category: 'removed_carrier', old: { legal_name: 'GONE LLC', carrier_status: 'INACTIVE', phy_state: 'TX' }, name: 'GONE LLC', state: 'TX' },
    { dot: '10', category: 'contact_change', ...contact('NE', 'CA'), state: 'CA' },
    { dot: '9', category: 'identity_change', ...identity, name: 'NINE TRUCKING LLC' },
    { dot: '11', category: 'insurance_change', old: { max_bipd: 750000, max_cargo: 0 }, new: { max_bipd: 1000000, max_cargo: 5000 }, state: 'CA' },
    { dot: '10', category: 'fleet_change', ...fleet, state: 'CA' },
    { dot: '9', category: 'authority_change', ...authority('ACTIVE', 'INACTIVE') },
    { dot: '2', category: 'new_carrier', new: { legal_name: 'CARRIER 2 LLC', carrier_status: 'ACTIVE', phy_state: 'NE' } },
  ]);
  // Never visible: the run is not finished.
  await putChanges(pool, runs.running, [{ dot: '10', category: 'fleet_change', ...fleet }]);
});
afterAll(async () => {
  await app?.close();
});

const order = (changes: { dot_number: string; category: string }[]) => changes.map((c) => `${c.dot_number} ${c.category}`);

const THIRD_ORDER = [
  '2 new_carrier',
  '9 authority_change',
  '9 identity_change',
  '10 fleet_change',
  '10 contact_change',
  '11 insurance_change',
  '100 removed_carrier',
];

describe('GET /v1/changes', () => {
  it('lists the succeeded runs in the feed, newest first, with their summaries', async () => {
    const { status, body } = await get('/v1/changes');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(10);
    expect(body.runs.map((r: { etl_run_id: number }) => r.etl_run_id)).toEqual([runs.third, runs.second, runs.first]);
    expect(body.runs[0].batch_ts).toBe('2026-03-04T00:00:00.000Z');
    // Counted from the rows when the run has no stored summary; the stored one otherwise.
    expect(body.runs[0].summary).toEqual({
      new_carriers: 1, removed_carriers: 1, authority_changes: 1, revocations_pending: 0, insurance_changes: 1,
      safety_changes: 0, fleet_changes: 1, identity_changes: 1, contact_changes: 1, total_changes: 7,
    });
    expect(body.runs[1].summary.total_changes).toBe(2);
    expect(body.runs[1].summary.new_carriers).toBe(1);
    expect(body.runs[2].summary.total_changes).toBe(0);
  });

  it('paginates with an exact total, and a page past the end is empty', async () => {
    const p1 = await get('/v1/changes?per_page=2');
    expect(p1.body.runs.map((r: { etl_run_id: number }) => r.etl_run_id)).toEqual([runs.third, runs.second]);
    const p2 = await get('/v1/changes?per_page=2&page=2');
    expect(p2.body.runs.map((r: { etl_run_id: number }) => r.etl_run_id)).toEqual([runs.first]);
    expect(p2.body.total).toBe(3);
    const past = await get('/v1/changes?per_page=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ runs: [], total: 3, page: 9, per_page: 2 });
  });

  it.each(['per_page=51', 'per_page=0', 'page=0', 'page=x', 'page=1e309', 'since=2026-01-01'])('rejects %s with 400 INVALID_PARAM', async (q) => {
    const { status, body } = await get(`/v1/changes?${q}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_PARAM');
    expect(typeof body.error.message).toBe('string');
  });
});

describe('GET /v1/changes/latest', () => {
  it('is the newest succeeded run, rows by DOT (numeric) then category in spec order', async () => {
    const { status, body } = await get('/v1/changes/latest');
    expect(status).toBe(200);
    expect(body.etl_run_id).toBe(runs.third);
    expect(body.batch_ts).toBe('2026-03-04T00:00:00.000Z');
    expect(body.per_page).toBe(50);
    expect(body.total).toBe(7);
    expect(order(body.changes)).toEqual(THIRD_ORDER);
    const removed = body.changes.at(-1);
    expect(removed).toEqual({
      dot_number: '100',
      carrier_name: 'GONE LLC',
      category: 'removed_carrier',
      old_values: { legal_name: 'GONE LLC', carrier_status: 'INACTIVE', phy_state: 'TX' },
      new_values: {},
    });
  });

  it('filters by category; summary still counts the whole run, total the matching rows', async () => {
    const { body } = await get('/v1/changes/latest?category=authority_change');
    expect(order(body.changes)).toEqual(['9 authority_change']);
    expect(body.total).toBe(1);
    expect(body.summary.total_changes).toBe(7);
    expect(body.changes[0].old_values).toEqual(authority('ACTIVE', 'INACTIVE').old);
  });

  it('filters by the current physical state, the last known one for removed carriers', async () => {
    const ca = await get('/v1/changes/latest?state=ca');
    expect(order(ca.body.changes)).toEqual(['10 fleet_change', '10 contact_change', '11 insurance_change']);
    expect(ca.body.total).toBe(3);
    const tx = await get('/v1/changes/latest?state=TX');
    expect(order(tx.body.changes)).toEqual(['100 removed_carrier']);
    const both = await get('/v1/changes/latest?state=ca&category=fleet_change');
    expect(order(both.body.changes)).toEqual(['10 fleet_change']);
    const none = await get('/v1/changes/latest?state=WY');
    expect(none.body).toMatchObject({ changes: [], total: 0 });
    expect(none.body.summary.total_changes).toBe(7);
  });

  it('paginates in feed order', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await get(`/v1/changes/latest?per_page=3&page=${page}`)).body.changes);
    expect(order(pages)).toEqual(THIRD_ORDER);
    const past = await get('/v1/changes/latest?per_page=3&page=4');
    expect(past.body).toMatchObject({ changes: [], total: 7, page: 4, per_page: 3 });
  });

  it.each(['per_page=201', 'per_page=Infinity', 'category=everything', 'state=C', 'state=C4', 'etl_run_id=1'])('rejects %s with 400 INVALID_PARAM', async (q) => {
    const { status, body } = await get(`/v1/changes/latest?${q}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_PARAM');
  });
});

describe('GET /v1/changes/{etl_run_id}', () => {
  it('serves one run with its own summary and rows', async () => {
    const { status, body } = await get(`/v1/changes/${runs.second}`);
    expect(status).toBe(200);
    expect(body.etl_run_id).toBe(runs.second);
    expect(order(body.changes)).toEqual(['10 authority_change', '11 new_carrier']);
    expect(body.summary).toMatchObject({ new_carriers: 1, authority_changes: 1, total_changes: 2 });
    expect(body.total).toBe(2);
  });

  it('a run without changes (the first) answers an empty page', async () => {
    const { status, body } = await get(`/v1/changes/${runs.first}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ changes: [], total: 0, page: 1, per_page: 50 });
    expect(body.summary.total_changes).toBe(0);
  });

  it('unknown, unfinished, failed and purged runs → 404 NOT_FOUND', async () => {
    for (const id of [999999, runs.running, runs.failed, runs.purged]) {
      const { status, body } = await get(`/v1/changes/${id}`);
      expect(status, `run ${id}`).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
    }
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e2', '1e309'])('run id %s → 400 INVALID_PARAM', async (id) => {
    const { status, body } = await get(`/v1/changes/${id}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_PARAM');
  });

  it('state is not a filter of a specific run', async () => {
    const { status } = await get(`/v1/changes/${runs.third}?state=CA`);
    expect(status).toBe(400);
  });
});

describe('GET /v1/carriers/{dot_number}/changes', () => {
  it('lists the carrier’s rows newest run first, then category, within the feed', async () => {
    const { status, body, headers } = await get('/v1/carriers/10/changes');
    expect(status).toBe(200);
    expect(body.dot_number).toBe('10');
    expect(body.total).toBe(3);
    expect(body.changes.map((c: { etl_run_id: number; category: string }) => `${c.etl_run_id} ${c.category}`)).toEqual([
      `${runs.third} fleet_change`,
      `${runs.third} contact_change`,
      `${runs.second} authority_change`,
    ]);
    expect(body.changes[0].batch_ts).toBe('2026-03-04T00:00:00.000Z');
    expect(body.changes[0].old_values).toEqual(fleet.old);
    expect(headers.get('etag')).toBeTruthy();
  });

  it('filters by category and paginates', async () => {
    const auth = await get('/v1/carriers/10/changes?category=authority_change');
    expect(auth.body.changes.map((c: { etl_run_id: number }) => c.etl_run_id)).toEqual([runs.second]);
    expect(auth.body.total).toBe(1);
    const p2 = await get('/v1/carriers/0010/changes?per_page=1&page=2');
    expect(p2.body).toMatchObject({ dot_number: '10', total: 3, page: 2, per_page: 1 });
    expect(p2.body.changes.map((c: { category: string }) => c.category)).toEqual(['contact_change']);
  });

  it('a DOT without changes, or unknown, answers 200 with changes: []', async () => {
    for (const dot of ['2', '12345678']) {
      const q = dot === '2' ? '?category=fleet_change' : '';
      const { status, body } = await get(`/v1/carriers/${dot}/changes${q}`);
      expect(status).toBe(200);
      expect(body).toEqual({ dot_number: dot, changes: [], total: 0, page: 1, per_page: 50 });
    }
  });

  it('answers 304 to its own ETag', async () => {
    const first = await get('/v1/carriers/9/changes');
    const again = await fetch(`${app.url}/v1/carriers/9/changes`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['12x', ''],
    ['10', '?per_page=201'],
    ['10', '?category=nope'],
    ['10', '?page=100001'],
    ['10', '?per_page=1e309'],
  ])('rejects /v1/carriers/%s/changes%s with 400 INVALID_PARAM', async (dot, q) => {
    const { status, body } = await get(`/v1/carriers/${dot}/changes${q}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_PARAM');
  });
});

describe('meta (sql/api/meta.sql)', () => {
  it('etl_changes_horizon is the oldest run still in the feed', async () => {
    const { rows } = await app.db.pool.query(sql('api/meta'));
    expect(rows[0].etl_changes_horizon.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('an empty feed', () => {
  it('latest → 404 NOT_FOUND; the run list is empty', async () => {
    const empty = await startApp();
    try {
      const latest = await fetch(`${empty.url}/v1/changes/latest`);
      expect(latest.status).toBe(404);
      expect((await latest.json()).error.code).toBe('NOT_FOUND');
      const list = await fetch(`${empty.url}/v1/changes`);
      expect(await list.json()).toEqual({ runs: [], total: 0, page: 1, per_page: 10 });
    } finally {
      await empty.close();
    }
  });
});
