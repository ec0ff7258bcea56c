/**
 * Watchlist endpoints on a real database: add/list/check/remove, the per-tier cap at its edges
 * (nothing partially added), the 30-day changes window at its edges, bad inputs, and isolation
 * between accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChanges } from './helpers/carrier-rows.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { DAY_MS, putRunAt, seedCarriers, signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let runId: number;
beforeAll(async () => {
  app = await startApp();
  runId = await putRunAt(app.db.pool, new Date(Date.now() - 3 * DAY_MS));
  await seedCarriers(app.db.pool, runId, 1_000_001, 600);
});
afterAll(async () => {
  await app?.close();
});

const dots = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(from + i));
const watchedCount = async (pool: TestApp['db']['pool'], accountId: number) =>
  (await pool.query('SELECT count(*)::int AS n FROM watchlist_entries WHERE account_id = $1', [accountId])).rows[0].n as number;

describe('add, list, check, remove', () => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await signup(app, 'basic@example.com');
  });

  it('starts empty', async () => {
    const { data, response } = await a.api.GET('/v1/watchlist');
    expect(response.status).toBe(200);
    expect(data).toEqual({ carriers: [], total: 0 });
  });

  it('adds known DOTs; duplicates count once; already watched DOTs are skipped, unknown ones not_found', async () => {
    const first = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000001', '01000002', '1000001', '99999999'] } });
    expect(first.response.status).toBe(200);
    expect(first.data).toEqual({ added: 2, skipped: 0, not_found: ['99999999'], status: 'ok' });
    const again = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000002', '1000003'] } });
    expect(again.data).toEqual({ added: 1, skipped: 1, not_found: [], status: 'ok' });
  });

  it('not_found: the DOTs that match no carrier, as sent, once each, in request order; nothing of them is stored', async () => {
    const res = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['00999991', '1000001', '999992', '999991', '1000004'] } });
    expect(res.data).toEqual({ added: 1, skipped: 1, not_found: ['00999991', '999992'], status: 'ok' });
    const check = await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '999992' } } });
    expect(check.data!.watching).toBe(false);
    await a.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: '1000004' } } });
  });

  it('lists the entries, most recently added first, with registry values', async () => {
    const { data } = await a.api.GET('/v1/watchlist');
    expect(data!.total).toBe(3);
    expect(data!.carriers.map((c) => c.dot_number)).toEqual(['1000003', '1000001', '1000002']);
    expect(data!.carriers[0]).toEqual({
      dot_number: '1000003',
      carrier_name: 'CARRIER 1000003 LLC',
      status: 'ACTIVE',
      entity_type: 'CARRIER',
      city: 'OMAHA',
      state: 'NE',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("shows '' for a watched carrier that left the registry", async () => {
    await app.db.pool.query(`DELETE FROM carriers WHERE dot_number = '1000002'`);
    try {
      const { data } = await a.api.GET('/v1/watchlist');
      expect(data!.carriers.find((c) => c.dot_number === '1000002')).toMatchObject({ carrier_name: '', status: '', city: '', state: '' });
    } finally {
      await seedCarriers(app.db.pool, runId, 1_000_002, 1);
    }
  });

  it('checks one DOT (leading zeros ignored)', async () => {
    expect((await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '01000001' } } })).data).toEqual({
      dot_number: '1000001',
      watching: true,
    });
    expect((await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '1000500' } } })).data).toEqual({
      dot_number: '1000500',
      watching: false,
    });
  });

  it('removes idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await a.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: '1000001' } } });
      expect(res.response.status).toBe(200);
      expect(res.data).toEqual({ status: 'removed' });
    }
    const never = await a.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: '42' } } });
    expect(never.data).toEqual({ status: 'removed' });
    expect((await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '1000001' } } })).data!.watching).toBe(false);
    expect((await a.api.GET('/v1/watchlist')).data!.total).toBe(2);
  });

  it('rejects bad inputs with the 400 envelope and changes nothing', async () => {
    const before = await watchedCount(app.db.pool, a.id);
    const bad: unknown[] = [
      { dot_numbers: dots(1_000_100, 51) },
      { dot_numbers: [] },
      { dot_numbers: ['12a'] },
      { dot_numbers: ['123456789'] },
      { dot_numbers: ['1000100'], extra: true },
      {},
    ];
    for (const body of bad) {
      const res = await a.api.POST('/v1/watchlist', { body: body as { dot_numbers: string[] } });
      expect(res.response.status, JSON.stringify(body)).toBe(400);
      expect(res.error).toEqual({ error: { code: 'INVALID_PARAM', message: expect.any(String) } });
    }
    expect((await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: 'x1' } } })).response.status).toBe(400);
    expect((await a.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: 'abc' } } })).response.status).toBe(400);
    expect(await watchedCount(app.db.pool, a.id)).toBe(before);
  });

  it('requires a key', async () => {
    const res = await app.api.GET('/v1/watchlist');
    expect(res.response.status).toBe(401);
    expect(res.error).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

describe('account cap (free 500, pro 10,000)', () => {
  it('free: up to exactly 500; one over → LIMIT_EXCEEDED and nothing of the request is added', async () => {
    const a = await signup(app, 'cap-free@example.com');
    for (let i = 0; i < 10; i++) {
      const res = await a.api.POST('/v1/watchlist', { body: { dot_numbers: dots(1_000_001 + i * 50, 50) } });
      expect(res.data).toEqual({ added: 50, skipped: 0, not_found: [], status: 'ok' });
    }
    const over = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000501'] } });
    expect(over.response.status).toBe(400);
    expect(over.error).toEqual({ error: { code: 'LIMIT_EXCEEDED', message: expect.stringContaining('500') } });

    // At the cap, re-adding watched carriers (and unknown DOTs) is still a no-op, not an error.
    const noop = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000001', '99999999'] } });
    expect(noop.data).toEqual({ added: 0, skipped: 1, not_found: ['99999999'], status: 'ok' });

    // 499 + 2 > 500: neither is added (no partial addition).
    await a.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: '1000001' } } });
    const partial = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000501', '1000502'] } });
    expect(partial.error).toMatchObject({ error: { code: 'LIMIT_EXCEEDED' } });
    expect(await watchedCount(app.db.pool, a.id)).toBe(499);
    expect((await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '1000501' } } })).data!.watching).toBe(false);

    expect((await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000501'] } })).data).toEqual({ added: 1, skipped: 0, not_found: [], status: 'ok' });
    const me = await a.api.GET('/v1/auth/me');
    expect(me.data!.usage).toMatchObject({ watchlist_size: 500, watchlist_cap: 500 });
  });

  it('concurrent additions cannot both pass the cap', async () => {
    const a = await signup(app, 'cap-race@example.com');
    await app.db.pool.query(
      `INSERT INTO watchlist_entries (account_id, dot_number, created_at) SELECT $1, dot_number, now() FROM carriers ORDER BY dot_number LIMIT 498`,
      [a.id],
    );
    const results = await Promise.all(
      ['1000551', '1000552', '1000553', '1000554'].map((d) => a.api.POST('/v1/watchlist', { body: { dot_numbers: [d] } })),
    );
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.error?.error.code === 'LIMIT_EXCEEDED')).toHaveLength(2);
    expect(await watchedCount(app.db.pool, a.id)).toBe(500);
  });

  it('pro: 10,000', async () => {
    const a = await signup(app, 'cap-pro@example.com');
    await app.db.pool.query(`UPDATE accounts SET tier = 'pro', rate_limit = 6000 WHERE id = $1`, [a.id]);
    await seedCarriers(app.db.pool, runId, 2_000_001, 10_001);
    await app.db.pool.query(
      `INSERT INTO watchlist_entries (account_id, dot_number, created_at) SELECT $1, g::text, now() FROM generate_series(2000001, 2009990) g`,
      [a.id],
    );
    expect((await a.api.POST('/v1/watchlist', { body: { dot_numbers: dots(2_009_991, 10) } })).data).toEqual({ added: 10, skipped: 0, not_found: [], status: 'ok' });
    const over = await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['2010001'] } });
    expect(over.error).toMatchObject({ error: { code: 'LIMIT_EXCEEDED' } });
    expect(await watchedCount(app.db.pool, a.id)).toBe(10_000);
    expect((await a.api.GET('/v1/watchlist')).data!.total).toBe(10_000);
  });
});

describe('changes of watched carriers (30-day window)', () => {
  let a: TestAccount;
  // The server's clock stands still at t0 (an app of its own on the same database): the window's
  // edges are seconds from the runs, and a loaded machine must not move them.
  const t0 = Date.now();
  let frozen: TestApp;
  const runs: Record<string, number> = {};
  const at: Record<string, Date> = {};

  beforeAll(async () => {
    frozen = await startApp({ db: app.db, clockAt: new Date(t0) });
    a = await signup(frozen, 'changes@example.com');
    await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000010', '1000011', '1000009'] } });
    const instants = {
      outside: new Date(t0 - 30 * DAY_MS - 5_000), // just before the window
      edge: new Date(t0 - 30 * DAY_MS + 5_000), // just inside
      twoDays: new Date(t0 - 2 * DAY_MS),
      oneDay: new Date(t0 - 1 * DAY_MS),
    };
    for (const [name, when] of Object.entries(instants)) {
      at[name] = when;
      runs[name] = await putRunAt(app.db.pool, when);
    }
    await putChanges(app.db.pool, runs.outside, [{ dot: '1000010', category: 'fleet_change', old: { power_units: 1, drivers: 1 }, new: { power_units: 30, drivers: 30 } }]);
    await putChanges(app.db.pool, runs.edge, [{ dot: '1000010', category: 'contact_change', old: { phone: '1' }, new: { phone: '2' } }]);
    await putChanges(app.db.pool, runs.twoDays, [
      { dot: '1000011', category: 'insurance_change', old: { max_bipd: 750000, max_cargo: 0 }, new: { max_bipd: 0, max_cargo: 0 } },
      { dot: '1000011', category: 'authority_change', old: { carrier_status: 'ACTIVE', authority_status: 'A', broker_authority_status: 'N' }, new: { carrier_status: 'INACTIVE', authority_status: 'I', broker_authority_status: 'N' } },
      { dot: '1000012', category: 'identity_change', old: { legal_name: 'X' }, new: { legal_name: 'Y' } }, // not watched
    ]);
    await putChanges(app.db.pool, runs.oneDay, [
      { dot: '1000010', category: 'safety_change', old: { total_crashes: 0 }, new: { total_crashes: 1 } },
      { dot: '1000009', category: 'revocation_pending', old: { revocation_pending: '' }, new: { revocation_pending: 'Y' } },
    ]);
  });
  afterAll(async () => {
    await frozen?.close();
  });

  const changes = (query: Record<string, string | number> = {}) =>
    a.api.GET('/v1/watchlist/changes', { params: { query: query as never } });

  it('default: the last 30 days, exclusive bound echoed, newest first, then DOT, then category order', async () => {
    const { data, response } = await changes();
    expect(response.status).toBe(200);
    expect(data!.changes.map((c) => [c.etl_run_id, c.dot_number, c.category])).toEqual([
      [runs.oneDay, '1000009', 'revocation_pending'],
      [runs.oneDay, '1000010', 'safety_change'],
      [runs.twoDays, '1000011', 'authority_change'],
      [runs.twoDays, '1000011', 'insurance_change'],
      [runs.edge, '1000010', 'contact_change'],
    ]);
    expect(data).toMatchObject({ total: 5, page: 1, per_page: 25 });
    expect(data!.since).toBe(new Date(t0 - 30 * DAY_MS).toISOString());
    expect(Date.parse(data!.since)).toBeLessThan(at.edge.getTime());
    expect(data!.changes[0]).toEqual({
      dot_number: '1000009',
      carrier_name: 'CARRIER 1000009 LLC',
      etl_run_id: runs.oneDay,
      batch_ts: at.oneDay.toISOString(),
      category: 'revocation_pending',
      old_values: { revocation_pending: '' },
      new_values: { revocation_pending: 'Y' },
    });
  });

  it('since older than the window is clamped to it', async () => {
    const { data } = await changes({ since: new Date(t0 - 60 * DAY_MS).toISOString() });
    expect(data!.total).toBe(5);
    expect(data!.since).toBe(new Date(t0 - 30 * DAY_MS).toISOString());
  });

  it('since is an exclusive bound: the batch_ts of a change excludes that run', async () => {
    const { data } = await changes({ since: at.twoDays.toISOString() });
    expect(data!.changes.map((c) => c.etl_run_id)).toEqual([runs.oneDay, runs.oneDay]);
    expect(data!.since).toBe(at.twoDays.toISOString());
    const justBefore = await changes({ since: new Date(at.twoDays.getTime() - 1).toISOString() });
    expect(justBefore.data!.total).toBe(4);
  });

  it('accepts offsets and bare dates (midnight UTC)', async () => {
    // The same instant written in UTC+02:00.
    const offset = new Date(at.twoDays.getTime() + 2 * 3600_000).toISOString().replace(/Z$/, '+02:00');
    const withOffset = await changes({ since: offset });
    expect(withOffset.data!.since).toBe(at.twoDays.toISOString());
    const day = new Date(t0 - DAY_MS).toISOString().slice(0, 10);
    const bare = await changes({ since: day });
    expect(bare.data!.since).toBe(`${day}T00:00:00.000Z`);
  });

  it('a future since gives an empty page', async () => {
    const future = new Date(t0 + DAY_MS).toISOString();
    const { data } = await changes({ since: future });
    expect(data).toEqual({ changes: [], total: 0, page: 1, per_page: 25, since: future });
  });

  it('filters by category and pages', async () => {
    expect((await changes({ category: 'insurance_change' })).data!.changes.map((c) => c.dot_number)).toEqual(['1000011']);
    const page2 = await changes({ per_page: 2, page: 2 });
    expect(page2.data!.changes.map((c) => c.category)).toEqual(['authority_change', 'insurance_change']);
    expect(page2.data).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect((await changes({ per_page: 2, page: 9 })).data).toMatchObject({ changes: [], total: 5 });
  });

  it('bad parameters → 400 INVALID_PARAM', async () => {
    const bad: Record<string, string | number>[] = [{ since: 'yesterday' }, { since: '2026-13-01' }, { category: 'bogus' }, { per_page: 101 }, { per_page: 0 }, { page: 0 }, { unknown: 1 }];
    for (const q of bad) {
      const res = await changes(q);
      expect(res.response.status, JSON.stringify(q)).toBe(400);
      expect(res.error).toMatchObject({ error: { code: 'INVALID_PARAM' } });
    }
  });
});

describe('isolation between accounts', () => {
  it("one account can never read or change another's watchlist", async () => {
    const a = await signup(app, 'iso-a@example.com');
    const b = await signup(app, 'iso-b@example.com');
    await a.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000020', '1000021'] } });

    expect((await b.api.GET('/v1/watchlist')).data).toEqual({ carriers: [], total: 0 });
    expect((await b.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '1000020' } } })).data!.watching).toBe(false);
    await b.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: '1000020' } } });
    expect((await a.api.GET('/v1/watchlist')).data!.total).toBe(2);
    // b adding the same carrier is b's own entry.
    expect((await b.api.POST('/v1/watchlist', { body: { dot_numbers: ['1000020'] } })).data).toEqual({ added: 1, skipped: 0, not_found: [], status: 'ok' });
    await b.api.DELETE('/v1/watchlist/{dot_number}', { params: { path: { dot_number: '1000020' } } });
    expect((await a.api.GET('/v1/watchlist/check', { params: { query: { dot_number: '1000020' } } })).data!.watching).toBe(true);
  });
});
