/**
 * Point-in-time history: the load's history steps (pipeline/load-plan/history.ts) over hand-made
 * loads — bulk, incremental, removal and return, policy multisets, implicit first versions,
 * idempotent reruns — then GET /v1/carriers/{dot}?as_of on that history, and the 52-week
 * retention (jobs/retention.ts) directly and as a pg-boss job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { startBoss, stopBoss } from '../jobs/boss.ts';
import { QUEUES } from '../jobs/queues.ts';
import { pruneChanges, startRetentionWorker } from '../jobs/retention.ts';
import { SNAPSHOT_COLUMNS } from '../pipeline/load-plan/served-columns.ts';
import { materializeHistory, writeHistory } from '../pipeline/load-plan/history.ts';
import { policiesAsOf } from '../server/point-in-time.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { signup } from './helpers/watchlist-fixtures.ts';
import { carrierRow, putChanges, type PolicyInput } from './helpers/carrier-rows.ts';
import { loadDay, type HistoryLoad } from './helpers/history-loads.ts';

let app: TestApp;
/** The history rows the first run wrote. */
let firstRunRows: unknown[];
const run: Record<number, number> = {};
const q = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows as T[]);

/** One hand-made load with history (test/helpers/history-loads.ts). */
const load = (day: string, mode: 'full' | 'incremental', l: HistoryLoad, runId?: number) => loadDay(app.db.pool, day, mode, l, runId);

const v1 = carrierRow('1', { legal_name: 'ONE FREIGHT LLC' });
const v1b = { ...v1, legal_name: 'ONE FREIGHT HOLDINGS LLC' };
const v1c = { ...v1b, power_units: 40, drivers: 44 };
const v2 = carrierRow('2', { authority_status: 'ACTIVE', max_bipd: 750000 });
const v2back = { ...v2, authority_status: 'INACTIVE' as const };
const v3 = carrierRow('3');
const v4 = carrierRow('4', { phy_state: 'TX', lat: 31, lon: -99 });
/** Served by the first run and never changed: its version stays implicit. */
const v5 = carrierRow('5', { legal_name: 'FIVE STEADY LLC' });

const P1: PolicyInput[] = [
  { dot: '1', type: 'BIPD', amount: 1_000_000 },
  { dot: '1', type: 'CARGO', amount: 5000 },
  { dot: '1', type: 'CARGO', amount: 5000 }, // the same filing twice: a multiset
];

/** Every version, explicit or implicit (the views of migration 024), as point-in-time reads them. */
async function historyDump() {
  return {
    carriers: await q('SELECT * FROM carrier_versions ORDER BY dot_number, valid_from'),
    policies: await q('SELECT * FROM insurance_policy_versions ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11'),
  };
}

/**
 * The server's clock stands still for this file: "today" and "tomorrow" in the tests are the
 * server's, even when a test runs across midnight UTC.
 */
const NOW = new Date();

beforeAll(async () => {
  app = await startApp({ clockAt: NOW });
  run[1] = await load('2026-03-01', 'full', {
    upsert: [v1, v2, v3, v5],
    policies: [
      ...P1,
      { dot: '2', type: 'BIPD', amount: 750_000, expiration: '2026-03-10' },
      { dot: '3', type: 'CARGO', amount: 10_000, expiration: '2026-03-02' },
      { dot: '5', type: 'BIPD', amount: 1_000_000, number: 'P-5-BIPD' },
    ],
  });
  firstRunRows = await q('SELECT (SELECT count(*) FROM carrier_history)::int AS carriers, (SELECT count(*) FROM insurance_policy_history)::int AS policies');
  // Day 2: 1 renamed and one CARGO copy dropped; 2 removed; 3 gains a policy only; 4 is new.
  run[2] = await load('2026-03-03', 'incremental', {
    upsert: [v1b, v4],
    remove: ['2'],
    touch: ['3'],
    policies: [
      P1[0],
      P1[1],
      { dot: '3', type: 'CARGO', amount: 10_000, expiration: '2026-03-02' },
      { dot: '3', type: 'BIPD', amount: 750_000, effective: '2026-03-03' },
    ],
  });
  // Day 3: 2 returns (inactive authority); 1's fleet grows.
  run[3] = await load('2026-03-05', 'incremental', {
    upsert: [v1c, v2back],
    policies: [P1[0], P1[1], { dot: '2', type: 'BIPD', amount: 750_000, number: 'P-2-NEW' }],
  });
});
afterAll(async () => {
  await app?.close();
});

describe('history steps', () => {
  it('keeps every snapshot column (a column added to the snapshot must be added to history too)', async () => {
    const cols = (await q("SELECT column_name FROM information_schema.columns WHERE table_name = 'carrier_history'")).map((r) => r.column_name);
    expect(cols).toEqual(expect.arrayContaining([...SNAPSHOT_COLUMNS]));
    // The implicit versions' view too, column for column in order (they are inserted by position).
    const columnsOf = async (table: string) =>
      (await q('SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position', [table])).map((r) => r.column_name);
    expect(await columnsOf('carrier_history_implicit')).toEqual(await columnsOf('carrier_history'));
    expect(await columnsOf('carrier_versions')).toEqual(await columnsOf('carrier_history'));
    for (const file of ['history_close', 'history_open']) {
      const text = sql(`pipeline/${file}`);
      for (const c of SNAPSHOT_COLUMNS) expect(text, `${file}.sql lacks ${c}`).toMatch(new RegExp(`\\b${c}\\b`));
    }
  });

  it('keeps one version per unchanged period, closed on the day of the change or removal', async () => {
    const rows = await q('SELECT dot_number, valid_from, valid_to, valid_from_run, valid_to_run FROM carrier_versions ORDER BY dot_number, valid_from');
    expect(rows).toEqual([
      { dot_number: '1', valid_from: '2026-03-01', valid_to: '2026-03-03', valid_from_run: run[1], valid_to_run: run[2] },
      { dot_number: '1', valid_from: '2026-03-03', valid_to: '2026-03-05', valid_from_run: run[2], valid_to_run: run[3] },
      { dot_number: '1', valid_from: '2026-03-05', valid_to: null, valid_from_run: run[3], valid_to_run: null },
      { dot_number: '2', valid_from: '2026-03-01', valid_to: '2026-03-03', valid_from_run: run[1], valid_to_run: run[2] },
      { dot_number: '2', valid_from: '2026-03-05', valid_to: null, valid_from_run: run[3], valid_to_run: null },
      // A policy-only change moves the policy history, not the carrier's.
      { dot_number: '3', valid_from: '2026-03-01', valid_to: null, valid_from_run: run[1], valid_to_run: null },
      { dot_number: '4', valid_from: '2026-03-03', valid_to: null, valid_from_run: run[2], valid_to_run: null },
      { dot_number: '5', valid_from: '2026-03-01', valid_to: null, valid_from_run: run[1], valid_to_run: null },
    ]);
  });

  it('the first run writes no history: its versions are implicit until a load changes the DOT', async () => {
    expect(firstRunRows).toEqual([{ carriers: 0, policies: 0 }]);
    // 1, 2 and 3 changed in run 2, which wrote their first versions out before changing them.
    expect(await q('SELECT DISTINCT dot_number FROM carrier_history WHERE valid_from_run = $1 ORDER BY 1', [run[1]])).toEqual(
      ['1', '2', '3'].map((dot_number) => ({ dot_number })),
    );
    // 5 never changed: no history row, its version and policies are the served ones.
    expect(await q("SELECT count(*)::int AS n FROM carrier_history WHERE dot_number = '5'")).toEqual([{ n: 0 }]);
    expect(await q("SELECT count(*)::int AS n FROM insurance_policy_history WHERE dot_number = '5'")).toEqual([{ n: 0 }]);
    for (const date of ['2026-03-01', '2026-03-04', utcDay(0)]) {
      const { status, body } = await asOf('5', date);
      expect(status, date).toBe(200);
      expect(body.legal_name).toBe('FIVE STEADY LLC');
    }
    expect((await policiesAsOf(app.db.pool, '5', '2026-03-02')).map((p) => p.policy_number)).toEqual(['P-5-BIPD']);
  });

  it('current versions equal the served carriers, column for column', async () => {
    const cols = SNAPSHOT_COLUMNS.join(', ');
    const served = await q(`SELECT ${cols} FROM carriers ORDER BY dot_number`);
    expect(await q(`SELECT ${cols} FROM carrier_versions WHERE valid_to IS NULL ORDER BY dot_number`)).toEqual(served);
  });

  it('records policies as a multiset, with the runs that served them', async () => {
    const rows = await q(
      `SELECT dot_number, policy_type, policy_number, valid_from, valid_to FROM insurance_policy_versions
       ORDER BY dot_number, valid_from, policy_type, policy_number, valid_to NULLS FIRST`,
    );
    expect(rows).toEqual([
      { dot_number: '1', policy_type: 'BIPD', policy_number: 'P-1-BIPD', valid_from: '2026-03-01', valid_to: null },
      { dot_number: '1', policy_type: 'CARGO', policy_number: 'P-1-CARGO', valid_from: '2026-03-01', valid_to: null },
      { dot_number: '1', policy_type: 'CARGO', policy_number: 'P-1-CARGO', valid_from: '2026-03-01', valid_to: '2026-03-03' },
      { dot_number: '2', policy_type: 'BIPD', policy_number: 'P-2-BIPD', valid_from: '2026-03-01', valid_to: '2026-03-03' },
      { dot_number: '2', policy_type: 'BIPD', policy_number: 'P-2-NEW', valid_from: '2026-03-05', valid_to: null },
      { dot_number: '3', policy_type: 'CARGO', policy_number: 'P-3-CARGO', valid_from: '2026-03-01', valid_to: null },
      { dot_number: '3', policy_type: 'BIPD', policy_number: 'P-3-BIPD', valid_from: '2026-03-03', valid_to: null },
      { dot_number: '5', policy_type: 'BIPD', policy_number: 'P-5-BIPD', valid_from: '2026-03-01', valid_to: null },
    ]);
  });

  it('a rerun of the newest run’s load (incremental or bulk) leaves the history as it was', async () => {
    const before = await historyDump();
    await load('2026-03-05', 'incremental', { upsert: [v1c, v2back], policies: [P1[0], P1[1], { dot: '2', type: 'BIPD', amount: 750_000, number: 'P-2-NEW' }] }, run[3]);
    expect(await historyDump()).toEqual(before);
    const served = await q('SELECT * FROM carriers ORDER BY dot_number');
    const policies = await q('SELECT * FROM insurance_policies');
    // A bulk rerun writes every implicit version out first (it rewrites every carrier).
    await withTransaction(app.db.pool, async (client) => {
      const ctx = { runId: run[3], batchTs: new Date('2026-03-05T00:00:00Z'), batchDate: '2026-03-05' };
      expect(await materializeHistory(client, ctx, 'full')).toBe(1);
      await writeHistory(client, ctx, 'full');
    });
    expect(await historyDump()).toEqual(before);
    expect(await q("SELECT valid_from_run FROM carrier_history WHERE dot_number = '5'")).toEqual([{ valid_from_run: run[1] }]);
    expect(await q('SELECT * FROM carriers ORDER BY dot_number')).toEqual(served);
    expect((await q('SELECT * FROM insurance_policies')).length).toBe(policies.length);
  });

  it('refuses to rewrite an older run under a later one', async () => {
    await expect(
      withTransaction(app.db.pool, (client) =>
        writeHistory(client, { runId: run[2], batchTs: new Date('2026-03-03T00:00:00Z'), batchDate: '2026-03-03' }, 'full'),
      ),
    ).rejects.toThrow(/later day/);
  });
});

const asOf = async (dot: string, date: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}/v1/carriers/${dot}?as_of=${date}`, { headers });
  return { status: res.status, headers: res.headers, body: res.status === 304 ? null : await res.json() };
};
const utcDay = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('GET /v1/carriers/{dot_number}?as_of', () => {
  it('answers the version the newest run on or before that day served', async () => {
    const cases: [string, string, number][] = [
      ['2026-03-01', 'ONE FREIGHT LLC', run[1]],
      ['2026-03-02', 'ONE FREIGHT LLC', run[1]], // no run that day: still run 1's answer
      ['2026-03-03', 'ONE FREIGHT HOLDINGS LLC', run[2]],
      ['2026-03-04', 'ONE FREIGHT HOLDINGS LLC', run[2]],
      [utcDay(0), 'ONE FREIGHT HOLDINGS LLC', run[3]],
    ];
    for (const [date, name, runId] of cases) {
      const { status, body } = await asOf('1', date);
      expect(status, date).toBe(200);
      expect(body.legal_name, date).toBe(name);
      expect(body.etl_run_id, date).toBe(runId);
      expect(body.as_of).toBe(date);
      expect(body).not.toHaveProperty('risk_score');
      expect(body.related_companies).toEqual([]);
    }
    const today = (await asOf('1', utcDay(0))).body;
    expect(today.fleet).toEqual({ power_units: 40, drivers: 44 });
    expect(today.data_as_of).toBe('2026-03-05T00:00:00.000Z');
    const first = (await asOf('0001', '2026-03-02')).body;
    expect(first.dot_number).toBe('1');
    expect(first.fleet).toEqual({ power_units: 3, drivers: 3 });
    expect(first.insurance.max_bipd).toBe(1_000_000);
    expect(first.authority).toEqual({
      status: 'ACTIVE',
      common: 'ACTIVE',
      contract: 'NONE',
      common_authority_date: '2020-05-01T00:00:00Z',
      contract_authority_date: null,
      broker_authority: 'NONE',
      authorities: [{ docket: 'MC100', authority: 'COMMON', status: 'ACTIVE', source: 'legacy' }],
      source: 'legacy',
    });
    expect(first.data_as_of).toBe('2026-03-01T00:00:00.000Z');
  });

  it('a carrier that did not exist on that day → 404 NOT_FOUND', async () => {
    expect((await asOf('2', '2026-03-02')).status).toBe(200);
    for (const [dot, date] of [['2', '2026-03-03'], ['2', '2026-03-04'], ['4', '2026-03-01'], ['99999', '2026-03-04']]) {
      const { status, body } = await asOf(dot, date);
      expect(status, `${dot} ${date}`).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
    }
    const back = await asOf('2', '2026-03-05');
    expect(back.status).toBe(200);
    expect(back.body.authority.status).toBe('INACTIVE');
  });

  it('before the horizon or in the future → 400 INVALID_PARAM naming the horizon', async () => {
    for (const date of ['2026-02-28', '1999-01-01', utcDay(1), '2999-12-31']) {
      const { status, body } = await asOf('1', date);
      expect(status, date).toBe(400);
      expect(body.error.code).toBe('INVALID_PARAM');
      expect(body.error.message).toContain('2026-03-01');
    }
  });

  it.each(['2026-02-30', '2026-3-01', 'yesterday', '20260301'])('a malformed date %s → 400 INVALID_PARAM', async (date) => {
    const { status, body } = await asOf('1', date);
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_PARAM');
  });

  it('answers 304 to its own ETag, which differs from the live profile’s', async () => {
    const first = await asOf('1', '2026-03-03');
    const etag = first.headers.get('etag')!;
    expect((await asOf('1', '2026-03-03', { 'If-None-Match': etag })).status).toBe(304);
    expect((await asOf('1', '2026-03-01', { 'If-None-Match': etag })).status).toBe(200);
  });
});

describe('policiesAsOf', () => {
  const summary = async (dot: string, date: string) =>
    (await policiesAsOf(app.db.pool, dot, date)).map((p) => `${p.policy_type} ${p.policy_number} ${p.coverage_amount}`);

  it('lists the policies on file in that day’s run and in force that day', async () => {
    expect(await summary('1', '2026-03-01')).toEqual(['BIPD P-1-BIPD 1000000', 'CARGO P-1-CARGO 5000', 'CARGO P-1-CARGO 5000']);
    expect(await summary('1', '2026-03-03')).toEqual(['BIPD P-1-BIPD 1000000', 'CARGO P-1-CARGO 5000']);
    expect(await summary('2', '2026-03-02')).toEqual(['BIPD P-2-BIPD 750000']);
    expect(await summary('2', '2026-03-04')).toEqual([]);
    // 3's cargo policy is cancelled on 2026-03-02; its BIPD starts on 2026-03-03.
    expect(await summary('3', '2026-03-01')).toEqual(['CARGO P-3-CARGO 10000']);
    expect(await summary('3', '2026-03-02')).toEqual([]);
    expect(await summary('3', '2026-03-03')).toEqual(['BIPD P-3-BIPD 750000']);
  });
});

describe('retention (52 weeks)', () => {
  it('purges the runs older than 52 weeks: feed rows, the run, the horizon, unreachable history', async () => {
    await putChanges(app.db.pool, run[2], [{ dot: '4', category: 'new_carrier', new: { legal_name: 'CARRIER 4 LLC', carrier_status: 'ACTIVE', phy_state: 'TX' } }]);
    await putChanges(app.db.pool, run[1], [{ dot: '1', category: 'fleet_change', old: { power_units: 1, drivers: 1 }, new: { power_units: 3, drivers: 3 } }]);
    // Webhook deliveries: finished ones older than the retention go (with their attempts); a newer
    // one and an old one still retrying stay.
    const account = await signup(app, 'retention@example.com');
    const delivery = async (status: string, createdAt: string) =>
      (
        await q<{ id: number }>(
          `INSERT INTO webhook_deliveries (account_id, event, payload, attempt, status, next_attempt_at, created_at, updated_at)
           VALUES ($1, 'watchlist.test', '{}', 1, $2, CASE WHEN $2 = 'retrying' THEN $3::timestamptz END, $3, $3) RETURNING id`,
          [account.id, status, createdAt],
        )
      )[0].id;
    const oldDone = await delivery('succeeded', '2026-02-20T00:00:00Z');
    const oldFailed = await delivery('failed', '2026-02-25T00:00:00Z');
    const oldRetrying = await delivery('retrying', '2026-02-26T00:00:00Z');
    const recent = await delivery('succeeded', '2026-03-05T00:00:00Z');
    await q(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, url, status_code, duration_ms, attempted_at)
       VALUES ($1, 1, 'https://hooks.example.com/a', 200, 5, '2026-02-20T00:00:00Z')`,
      [oldDone],
    );
    // 52 weeks after 2026-03-02 12:00: only run 1 (2026-03-01) is older.
    const now = new Date('2027-03-01T12:00:00Z');
    const result = await pruneChanges(app.db.pool, now);
    expect(result).toEqual({ runs: [run[1]], changes: 1, historyVersions: 2, historyPolicies: 2, deliveries: 2 });
    expect((await q<{ id: number }>('SELECT id FROM webhook_deliveries ORDER BY id')).map((r) => r.id)).toEqual([oldRetrying, recent]);
    expect(await q('SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE delivery_id IN ($1, $2)', [oldDone, oldFailed])).toEqual([{ n: 0 }]);
    expect(await q('SELECT count(*)::int AS n FROM changes WHERE etl_run_id = $1', [run[1]])).toEqual([{ n: 0 }]);
    expect(await q('SELECT count(*)::int AS n FROM changes WHERE etl_run_id = $1', [run[2]])).toEqual([{ n: 1 }]);

    const gone = await fetch(`${app.url}/v1/changes/${run[1]}`);
    expect(gone.status).toBe(404);
    const list = await (await fetch(`${app.url}/v1/changes`)).json();
    expect(list.runs.map((r: { etl_run_id: number }) => r.etl_run_id)).toEqual([run[3], run[2]]);
    const perCarrier = await (await fetch(`${app.url}/v1/carriers/1/changes`)).json();
    expect(perCarrier.total).toBe(0);

    // The as_of horizon moved to run 2's day; versions only reachable before it are gone.
    const early = await asOf('1', '2026-03-02');
    expect(early.status).toBe(400);
    expect(early.body.error.message).toContain('2026-03-03');
    expect((await asOf('1', '2026-03-03')).body.legal_name).toBe('ONE FREIGHT HOLDINGS LLC');
    expect(await q("SELECT count(*)::int AS n FROM carrier_history WHERE valid_to <= '2026-03-03'")).toEqual([{ n: 0 }]);

    expect(await pruneChanges(app.db.pool, now)).toEqual({ runs: [], changes: 0, historyVersions: 0, historyPolicies: 0, deliveries: 0 });
  });

  it('runs as a scheduled pg-boss job', async () => {
    const boss = await startBoss(app.db.url);
    try {
      // 52 weeks after 2026-03-04: run 2 (2026-03-03) leaves the feed too.
      await startRetentionWorker(boss, app.db.pool, { clock: () => new Date('2027-03-03T12:00:00Z') });
      const schedules = await boss.getSchedules();
      expect(schedules.map((s) => s.name)).toContain(QUEUES.changesRetention.name);
      await boss.send(QUEUES.changesRetention.name, {});
      await expect
        .poll(() => q('SELECT etl_run_id FROM etl_runs WHERE etl_run_id = $1 AND changes_purged_at IS NOT NULL', [run[2]]), { interval: 200 })
        .toHaveLength(1);
    } finally {
      await stopBoss(boss);
    }
  });
});
