/**
 * End to end: a synthetic registry (2,000 carriers × 4 days) through the real pipeline, its
 * history steps included, into a test database. Each run's change feed (over HTTP) must equal that day's
 * manifest.json exactly, edge cases included; as_of on every day must equal what that day's run
 * served; reruns of diff and load must change nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_COLUMNS, POLICY_COLUMNS } from '../pipeline/load-plan/served-columns.ts';
import { duckRows, runSchema } from '../pipeline/duck.ts';
import { rerunStage, runDay } from '../pipeline/run-stages.ts';
import { synthesize, type Manifest } from '../pipeline/synth/index.ts';
import { fullCarrier, type CarrierRow } from '../server/carrier-view.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { tempDir, testPipeline, type TestPipeline } from './pipeline-harness.ts';

const DAYS = ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04'];

let app: TestApp;
let env: TestPipeline;
const runIds: number[] = [];
const manifests: Manifest[] = [];
/** What each day's run served: the snapshot columns of `carriers`, and the policies. */
const served: { carriers: Record<string, unknown>[]; policies: Record<string, unknown>[] }[] = [];

const q = (text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows);
const CARRIER_COLS = SNAPSHOT_COLUMNS.join(', ');
const POLICY_COLS = POLICY_COLUMNS.join(', ');
const POLICY_ORDER = POLICY_COLUMNS.map((_, i) => i + 1).join(', ');

/** JSON with sorted keys, so equal objects compare equal as strings. */
const canon = (v: unknown): string =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(v);
const changeKey = (c: { dot_number: string; category: string; old_values: unknown; new_values: unknown }) =>
  canon({ dot_number: c.dot_number, category: c.category, old_values: c.old_values, new_values: c.new_values });

const getJson = async (p: string) => {
  const res = await fetch(`${app.url}${p}`);
  return { status: res.status, body: await res.json() };
};

/** Every row of a run's feed, page by page (200 per page). */
async function feedOf(runId: number) {
  const rows = [];
  let first;
  for (let page = 1; ; page++) {
    const { status, body } = await getJson(`/v1/changes/${runId}?per_page=200&page=${page}`);
    expect(status).toBe(200);
    first ??= body;
    rows.push(...body.changes);
    if (body.changes.length < 200) break;
  }
  return { ...first, changes: rows };
}

beforeAll(async () => {
  app = await startApp();
  env = await testPipeline(app.db.pool);
  const dumps = tempDir('changes-e2e-dumps-');
  synthesize({ carriers: 2000, days: DAYS.length, seed: 5, out: dumps, startDate: DAYS[0] });
  for (const day of DAYS) {
    const out = await runDay(env, path.join(dumps, day));
    runIds.push(out.etl_run_id!);
    manifests.push(JSON.parse(fs.readFileSync(path.join(dumps, day, 'manifest.json'), 'utf8')));
    served.push({
      carriers: await q(`SELECT ${CARRIER_COLS} FROM carriers ORDER BY dot_number`),
      policies: await q(`SELECT ${POLICY_COLS} FROM insurance_policies ORDER BY ${POLICY_ORDER}`),
    });
  }
});
afterAll(async () => {
  await env?.close();
  await app?.close();
});

describe('the loads', () => {
  it('wrote history in the load transaction: none on the first day (implicit versions), incremental after', async () => {
    const rows = await q('SELECT etl_run_id, stages FROM etl_runs ORDER BY batch_ts');
    expect(rows.map((r) => r.etl_run_id)).toEqual(runIds);
    expect(rows.map((r) => r.stages.load.mode)).toEqual(['full', 'incremental', 'incremental', 'incremental']);
    expect(rows[0].stages.load.history).toBe(0);
    for (const r of rows.slice(1)) expect(r.stages.load.history).toBeGreaterThan(0);
    expect(rows[1].stages.load.history).toBeLessThan(served[0].carriers.length / 5);
  });
});

describe('the change feed of each run', () => {
  it('equals the day’s manifest exactly, as a set of (dot, category, old, new)', async () => {
    for (const [i, runId] of runIds.entries()) {
      const feed = await feedOf(runId);
      const expected = manifests[i].changes.map(changeKey).sort();
      const got = feed.changes.map(changeKey).sort();
      expect(got.length, DAYS[i]).toBe(feed.total);
      expect(new Set(got).size, `${DAYS[i]}: duplicates`).toBe(got.length);
      expect(got, DAYS[i]).toEqual(expected);
      expect(feed.summary, DAYS[i]).toEqual(manifests[i].summary);
    }
    expect(manifests[0].changes).toEqual([]);
    expect(manifests.slice(1).every((m) => m.changes.length > 0)).toBe(true);
  });

  it('finds every planted edge case the way it was planted', async () => {
    const edges = manifests.flatMap((m, i) => m.edge_cases.map((e) => ({ ...e, runId: runIds[i] })));
    expect(edges.length).toBeGreaterThan(0);
    for (const e of edges) {
      const { body } = await getJson(`/v1/carriers/${e.dot_number}/changes?per_page=200`);
      const cats = body.changes.filter((c: { etl_run_id: number }) => c.etl_run_id === e.runId).map((c: { category: string }) => c.category);
      const found = e.category === null ? cats.length > 0 : cats.includes(e.category);
      expect(found, `${e.kind} on ${e.dot_number}: [${cats.join(', ')}]`).toBe(e.expected_change);
    }
  });

  it('lists the runs newest first with the manifest summaries; latest is the last day', async () => {
    const { body } = await getJson('/v1/changes');
    expect(body.runs.map((r: { etl_run_id: number }) => r.etl_run_id)).toEqual([...runIds].reverse());
    expect(body.runs.map((r: { summary: unknown }) => r.summary)).toEqual([...manifests].reverse().map((m) => m.summary));
    const latest = await getJson('/v1/changes/latest?per_page=200');
    expect(latest.body.etl_run_id).toBe(runIds.at(-1));
    expect(latest.body.total).toBe(manifests.at(-1)!.changes.length);
  });

  it('latest?state= keeps the carriers whose current state matches (last known for removed ones)', async () => {
    const last = manifests.at(-1)!.changes;
    const now = new Map(served.at(-1)!.carriers.map((c) => [c.dot_number as string, c.phy_state as string]));
    const stateOf = (c: Manifest['changes'][number]) => now.get(c.dot_number) ?? (c.old_values.phy_state as string);
    const states = [...new Set(last.map(stateOf))].slice(0, 4);
    expect(states.length).toBeGreaterThan(1);
    for (const st of states) {
      const { body } = await getJson(`/v1/changes/latest?per_page=200&state=${st.toLowerCase()}`);
      expect(body.changes.map(changeKey).sort(), st).toEqual(last.filter((c) => stateOf(c) === st).map(changeKey).sort());
      expect(body.total).toBe(body.changes.length);
    }
  });

  it('per carrier: every change of the DOT over the days, newest first', async () => {
    const byDot = new Map<string, string[]>();
    manifests.forEach((m, i) => m.changes.forEach((c) => byDot.set(c.dot_number, [...(byDot.get(c.dot_number) ?? []), `${runIds[i]} ${c.category}`])));
    const busiest = [...byDot.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 10);
    for (const [dot, expected] of busiest) {
      const { body } = await getJson(`/v1/carriers/${dot}/changes?per_page=200`);
      const got = body.changes.map((c: { etl_run_id: number; category: string }) => `${c.etl_run_id} ${c.category}`);
      expect([...got].sort(), dot).toEqual([...expected].sort());
      const runs = body.changes.map((c: { etl_run_id: number }) => c.etl_run_id);
      expect(runs, dot).toEqual([...runs].sort((a: number, b: number) => b - a));
    }
  });
});

describe('as_of on every day', () => {
  it('reconstructs every carrier and every policy exactly as that day’s run served them', async () => {
    for (const [i, day] of DAYS.entries()) {
      const carriers = await q(
        `SELECT ${CARRIER_COLS} FROM carrier_versions
         WHERE valid_from <= $1 AND (valid_to IS NULL OR valid_to > $1) ORDER BY dot_number`,
        [day],
      );
      expect(carriers.length, day).toBe(served[i].carriers.length);
      expect(carriers, day).toEqual(served[i].carriers);
      const policies = await q(
        `SELECT ${POLICY_COLS} FROM insurance_policy_versions
         WHERE valid_from <= $1 AND (valid_to IS NULL OR valid_to > $1) ORDER BY ${POLICY_ORDER}`,
        [day],
      );
      expect(policies, day).toEqual(served[i].policies);
    }
    // Both kinds of version took part: the first run's carriers that no later run changed are
    // implicit (no history row), those changed since were written out.
    const [kinds] = await q(
      `SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM carrier_history h WHERE h.dot_number = c.dot_number))::int AS implicit,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM carrier_history h WHERE h.dot_number = c.dot_number AND h.valid_from_run = $1))::int AS written
       FROM carriers c`,
      [runIds[0]],
    );
    expect(kinds.implicit).toBeGreaterThan(0);
    expect(kinds.written).toBeGreaterThan(0);
  });

  it('GET /v1/carriers/{dot}?as_of answers the served profile for changed, new and removed carriers', async () => {
    for (const [i, day] of DAYS.entries()) {
      const next = manifests[i + 1]?.changes ?? [];
      const dots = new Set<string>([
        ...manifests[i].changes.slice(0, 15).map((c) => c.dot_number),
        ...next.slice(0, 15).map((c) => c.dot_number),
        ...served[i].carriers.slice(0, 5).map((c) => c.dot_number as string),
      ]);
      const byDot = new Map(served[i].carriers.map((c) => [c.dot_number as string, c]));
      for (const dot of dots) {
        const { status, body } = await getJson(`/v1/carriers/${dot}?as_of=${day}`);
        const row = byDot.get(dot);
        if (!row) {
          expect(status, `${dot} on ${day}`).toBe(404);
          continue;
        }
        expect(status, `${dot} on ${day}`).toBe(200);
        const expected = fullCarrier({ ...(row as unknown as CarrierRow), served_run_id: runIds[i], data_as_of: new Date(`${day}T00:00:00Z`) });
        // Contact tenure is read from the history, not the row (checked against the feed below).
        const { contact_tenure, ...profile } = body;
        expect(profile, `${dot} on ${day}`).toEqual({ ...expected, as_of: day });
        expect(contact_tenure.reference_date, `${dot} on ${day}`).toBe(day);
      }
    }
  });
});

describe('contact tenure', () => {
  it('agrees on the last day with the change feed’s contact and identity changes of every day', async () => {
    // The feed (DuckDB's diff of consecutive runs) and the history (PostgreSQL's versions) are
    // written apart; for a carrier served on every day since it appeared they must tell the same
    // story. Carriers that were removed on some day are left out: the feed does not compare across
    // a gap, the tenure does.
    const gap = new Set(manifests.flatMap((m) => m.changes.filter((c) => c.category === 'removed_carrier').map((c) => c.dot_number)));
    const since = new Map<string, string>();
    const changed = new Map<string, Record<'phone' | 'email' | 'address' | 'officers', string[]>>();
    const fieldsOf = (dot: string) => changed.get(dot) ?? changed.set(dot, { phone: [], email: [], address: [], officers: [] }).get(dot)!;
    const differ = (o: Record<string, unknown>, n: Record<string, unknown>, keys: string[]) => keys.some((k) => o[k] !== n[k]);
    manifests.forEach((m, i) => {
      for (const c of m.changes) {
        const f = fieldsOf(c.dot_number);
        const [o, n] = [c.old_values, c.new_values];
        if (c.category === 'new_carrier') since.set(c.dot_number, DAYS[i]);
        if (c.category === 'contact_change') {
          if (o.phone !== n.phone) f.phone.push(DAYS[i]);
          if (o.email !== n.email) f.email.push(DAYS[i]);
          if (differ(o, n, ['phy_street', 'phy_city', 'phy_state', 'phy_zip'])) f.address.push(DAYS[i]);
        }
        if (c.category === 'identity_change' && [o.officer_1, o.officer_2].sort().join('|') !== [n.officer_1, n.officer_2].sort().join('|')) {
          f.officers.push(DAYS[i]);
        }
      }
    });
    const last = DAYS.at(-1)!;
    const daysTo = (d: string) => (Date.parse(last) - Date.parse(d)) / 86_400_000;
    const dots = served.at(-1)!.carriers.map((c) => c.dot_number as string).filter((d) => !gap.has(d));
    const withChanges = dots.filter((d) => changed.has(d) && Object.values(changed.get(d)!).some((x) => x.length > 0));
    expect(withChanges.length).toBeGreaterThan(5);
    for (const dot of [...withChanges, ...dots.filter((d) => !changed.has(d)).slice(0, 20)]) {
      const { body } = await getJson(`/v1/carriers/${dot}`);
      const f = changed.get(dot) ?? { phone: [], email: [], address: [], officers: [] };
      const expected = Object.fromEntries(
        Object.entries(f).map(([field, dates]) => [
          field,
          {
            last_changed: dates.at(-1) ?? null,
            days_since_change: dates.length ? daysTo(dates.at(-1)!) : null,
            changes_90d: dates.length,
            changes_365d: dates.length,
          },
        ]),
      );
      expect(body.contact_tenure, dot).toEqual({ reference_date: last, observed_since: since.get(dot) ?? DAYS[0], ...expected });
    }
  });
});

describe('reruns', () => {
  it('diff and load of the newest run again: the same feed and history, no duplicates', async () => {
    const last = runIds.at(-1)!;
    const feed = (await feedOf(last)).changes.map(changeKey).sort();
    const history = await q('SELECT * FROM carrier_versions ORDER BY dot_number, valid_from');
    const duckCount = async () => (await duckRows<{ n: number }>(env.duck.conn, `SELECT count(*) AS n FROM ${runSchema(last)}.changes`))[0].n;
    const before = await duckCount();
    await rerunStage(env, 'diff', last);
    expect(await duckCount()).toBe(before);
    await rerunStage(env, 'load', last);
    expect((await feedOf(last)).changes.map(changeKey).sort()).toEqual(feed);
    expect(await q('SELECT count(*)::int AS n FROM changes WHERE etl_run_id = $1', [last])).toEqual([{ n: feed.length }]);
    expect(await q('SELECT * FROM carrier_versions ORDER BY dot_number, valid_from')).toEqual(history);
  });
});
