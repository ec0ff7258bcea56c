/**
 * Related companies, the nightly score and risk history on the synthetic registry, through the
 * real pipeline and the real API: the nightly score equals POST /risk-score with an empty body for
 * every carrier, history rows appear exactly on the runs where score, grade, tier or the flag set
 * moved (expected values computed from each run's own snapshot), the planted clusters of
 * clusters.json are found and the big shared-service clusters are not linked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../lib/config.ts';
import { DEFAULT_POLICY, historyKey, mergePolicy, riskInputFromSnapshot, scoreCarrier } from '../lib/risk/index.ts';
import { daysBetween, isoOfEpochDay } from '../lib/risk/dates.ts';
import { withChangeDate } from '../lib/risk/horizon.ts';
import type { ChameleonSignals, RiskScore } from '../lib/risk/index.ts';
import { openPipeline, runContext, type PipelineEnv } from '../pipeline/context.ts';
import { duckRows, duckSql, runSchema } from '../pipeline/duck.ts';
import { silentProgress } from '../pipeline/progress.ts';
import { rerunStage, runInput } from '../pipeline/run-stages.ts';
import { getRun } from '../pipeline/etl-runs.ts';
import { loadRisk } from '../pipeline/load-plan/risk.ts';
import { synthesize } from '../pipeline/synth/index.ts';
import { writeScoredPart } from '../pipeline/stages/score-batch.ts';
import { scoreFromSource } from '../server/handlers/risk.ts';
import type { Cluster } from '../pipeline/synth/clusters.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { tempDir } from './pipeline-harness.ts';

const CARRIERS = 2000;
const DAYS = 3;
/**
 * At 2,000 carriers the generator's big clusters (a dispatch phone, an agent's address, a filing
 * service's mailbox) have 10 members, the planted ones at most 6: a threshold of 8 tells them apart
 * as the default of 25 does at full scale (2,000 / 800 / 400 members there).
 */
const MAX_SHARED = 8;

let app: TestApp;
let env: PipelineEnv;
let dumps: string;
let dataDir: string;
let clusters: Cluster[];
let runs: { etl_run_id: number; batch_ts: Date }[];
let key: string;
const q = <T = Record<string, any>>(text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows as T[]);

beforeAll(async () => {
  dumps = tempDir('risk-pipeline-');
  synthesize({ carriers: CARRIERS, days: DAYS, seed: 606, out: dumps });
  clusters = JSON.parse(fs.readFileSync(path.join(dumps, 'clusters.json'), 'utf8')).clusters;
  app = await startApp();
  const dir = (dataDir = tempDir('risk-pipeline-data-'));
  env = await openPipeline(
    { ...config, dataDir: dir, duckdbPath: path.join(dir, 'pipeline.duckdb'), relatedMaxShared: MAX_SHARED },
    { pool: app.db.pool, progress: silentProgress },
  );
  await runInput(env, dumps);
  runs = await q("SELECT etl_run_id, batch_ts FROM etl_runs WHERE status = 'succeeded' ORDER BY batch_ts");
  const { data } = await app.api.POST('/v1/auth/signup', { body: { email: 'risk-pipeline@example.com', password: 'risk-pipeline' } });
  key = data!.api_key!;
  // Hundreds of POSTs below: lift this account's per-minute limit for the test.
  await q('UPDATE accounts SET rate_limit = 1000000');
});
afterAll(async () => {
  await env?.close();
  await app?.close();
  for (const d of [dumps, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

/** The score stage's input rows of one run (snapshot columns and chameleon links), by DOT. */
async function inputsOfRun(runId: number): Promise<Map<string, Record<string, any>>> {
  const schema = runSchema(runId);
  await env.duck.conn.run(duckSql('score_input', { schema, only: '' }));
  const rows = await duckRows<Record<string, any>>(env.duck.conn, 'SELECT * EXCLUDE (input_hash) FROM score_input');
  await env.duck.conn.run('DROP TABLE score_input');
  return new Map(rows.map((r) => [r.dot_number as string, r]));
}

/** Scores of every carrier of one run, straight from that run's DuckDB snapshot and links. */
async function scoresOfRun(runId: number, batchDate: string): Promise<Map<string, RiskScore>> {
  const rows = await inputsOfRun(runId);
  return new Map(
    [...rows].map(([dot, r]) => {
      const links = r.chameleon_links ? (JSON.parse(r.chameleon_links) as ChameleonSignals) : null;
      return [dot, scoreCarrier(riskInputFromSnapshot(r as any, links, batchDate), DEFAULT_POLICY)];
    }),
  );
}

const batchDate = (d: Date) => d.toISOString().slice(0, 10);

async function inParallel<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

describe('the nightly score', () => {
  it('equals the default-policy score recomputed from the source row for every carrier, and POST /risk-score', async () => {
    const carriers = await q<{ dot_number: string; risk_score: RiskScore }>('SELECT dot_number, risk_score FROM carriers ORDER BY dot_number');
    expect(carriers.length).toBeGreaterThan(CARRIERS * 0.9);
    // Every carrier through the handler's own function (source row + nightly links, not the cache)...
    const mismatches: string[] = [];
    await inParallel(carriers, 8, async (c) => {
      const scored = await scoreFromSource(app.db.pool, c.dot_number, mergePolicy({}));
      // Compare values, not texts.
      if (!isDeepStrictEqual(scored?.risk_score, c.risk_score)) mismatches.push(c.dot_number);
    });
    expect(mismatches).toEqual([]);
    // ...and every 6th (over 300) through HTTP, empty body and {} alike.
    await inParallel(carriers.filter((_, i) => i % 6 === 0), 8, async (c) => {
      const init = { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: '{}' };
      const res = await fetch(`${app.url}/v1/carriers/${c.dot_number}/risk-score`, Number(c.dot_number) % 2 ? init : { method: 'POST', headers: { 'X-API-Key': key } });
      const body = await res.json();
      if (res.status !== 200 || !isDeepStrictEqual(body.risk_score, c.risk_score) || !isDeepStrictEqual(body.policy, DEFAULT_POLICY)) {
        mismatches.push(`${c.dot_number} over HTTP (${res.status})`);
      }
    });
    expect(mismatches).toEqual([]);
  });

  it('is the score of the served run, including carriers whose snapshot did not change', async () => {
    const last = runs[runs.length - 1];
    const expected = await scoresOfRun(last.etl_run_id, batchDate(last.batch_ts));
    const carriers = await q<{ dot_number: string; risk_score: RiskScore; etl_run_id: number }>('SELECT dot_number, risk_score, etl_run_id FROM carriers');
    expect(carriers.length).toBe(expected.size);
    for (const c of carriers) expect(c.risk_score, c.dot_number).toEqual(expected.get(c.dot_number));
    const kept = carriers.filter((c) => c.etl_run_id !== last.etl_run_id && c.risk_score.flags.some((f) => f.code === 'CHAMELEON_SIGNAL'));
    expect(kept.length).toBeGreaterThan(0);
  });

  it('is the same scored on the main thread (one DuckDB thread, no workers) as by worker threads', async () => {
    const last = runs[runs.length - 1].etl_run_id;
    const table = () =>
      duckRows(env.duck.conn, `SELECT * FROM ${runSchema(last)}.scores ORDER BY dot_number`).then((rows) => JSON.stringify(rows));
    const byWorkers = await table();
    expect(byWorkers.length).toBeGreaterThan(CARRIERS * 100);
    const threads = env.config.duckdbThreads;
    env.config.duckdbThreads = 1;
    try {
      const result = await rerunStage(env, 'score', last);
      expect(result.detail?.workers).toBe(0);
    } finally {
      env.config.duckdbThreads = threads;
    }
    expect(await table()).toBe(byWorkers);
  });

  it('keeps the previous run\'s score where the inputs are the same and no date-driven value changed: the same as scoring everyone', async () => {
    const [prev, last] = runs.slice(-2).map((r) => r.etl_run_id);
    const table = () =>
      duckRows(env.duck.conn, `SELECT * FROM ${runSchema(last)}.scores ORDER BY dot_number`).then((rows) => JSON.stringify(rows));
    const incremental = await rerunStage(env, 'score', last);
    // The snapshot carried the previous run's rows: only the inputs of score_scope were read.
    expect(incremental.detail).toMatchObject({ kept_from: runSchema(prev), scope_only: true });
    expect(incremental.detail!.kept as number).toBeGreaterThan(CARRIERS * 0.7);
    expect(incremental.detail!.scored as number).toBeGreaterThan(0);
    expect((incremental.detail!.kept as number) + (incremental.detail!.scored as number)).toBe(incremental.rows);
    const kept = await table();
    // Without the moved set, every carrier's inputs are read and hashed: the same.
    await env.duck.conn.run(`ALTER TABLE ${runSchema(last)}.snapshot_carried RENAME TO snapshot_carried_x`);
    try {
      const all = await rerunStage(env, 'score', last);
      expect(all.detail).toMatchObject({ kept_from: runSchema(prev), scope_only: false, scored: incremental.detail!.scored });
      expect(await table()).toBe(kept);
    } finally {
      await env.duck.conn.run(`ALTER TABLE ${runSchema(last)}.snapshot_carried_x RENAME TO snapshot_carried`);
    }
    // Another model (here: its fingerprint gone from the previous run) keeps nothing.
    const [{ fingerprint }] = await duckRows<{ fingerprint: string }>(env.duck.conn, `SELECT fingerprint FROM ${runSchema(prev)}.score_model`);
    await env.duck.conn.run(`DROP TABLE ${runSchema(prev)}.score_model`);
    try {
      const full = await rerunStage(env, 'score', last);
      expect(full.detail).toMatchObject({ kept: 0, kept_from: null, scored: full.rows });
      expect(await table()).toBe(kept);
    } finally {
      await env.duck.conn.run(`CREATE TABLE ${runSchema(prev)}.score_model AS SELECT '${fingerprint}' AS fingerprint`);
    }
  });

  it("writes the risk columns and history rows of the carriers it scored only, as if it had compared every carrier", async () => {
    const last = (await getRun(env.pool, runs[runs.length - 1].etl_run_id))!;
    const schema = runSchema(last.etl_run_id);
    // The scores kept from the previous run (a test above scores everyone last).
    expect((await rerunStage(env, 'score', last.etl_run_id)).detail).toMatchObject({ kept_from: runSchema(runs[runs.length - 2].etl_run_id) });
    // The load's risk step again, in a transaction rolled back: what it wrote, and how.
    const riskStep = async () => {
      const ctx = runContext(env, last);
      const client = await env.pool.connect();
      try {
        await client.query('BEGIN');
        const r = await loadRisk(ctx, client, 'incremental');
        const history = (await client.query('SELECT * FROM risk_history WHERE etl_run_id = $1 ORDER BY dot_number', [last.etl_run_id])).rows;
        const carriers = (await client.query('SELECT dot_number, risk_score, related_companies, chameleon_links FROM carriers ORDER BY dot_number')).rows;
        return { r, written: JSON.stringify({ history, carriers }) };
      } finally {
        await client.query('ROLLBACK');
        client.release();
        fs.rmSync(ctx.tmpDir, { recursive: true, force: true });
      }
    };
    const scoped = await riskStep();
    expect(scoped.r).toMatchObject({ candidates_only: true, compared_with: runSchema(runs[runs.length - 2].etl_run_id) });
    expect(scoped.r.history).toBeGreaterThan(0);
    // Without the score stage's record of what it kept, every carrier is compared: the same.
    await env.duck.conn.run(`ALTER TABLE ${schema}.score_kept RENAME TO score_kept_x`);
    try {
      const all = await riskStep();
      expect(all.r).toMatchObject({ candidates_only: false, history: scoped.r.history, carriers: scoped.r.carriers });
      expect(all.written).toBe(scoped.written);
    } finally {
      await env.duck.conn.run(`ALTER TABLE ${schema}.score_kept_x RENAME TO score_kept`);
    }
  });

  it('is the same on every later date before the date the scoring reported it may change on', async () => {
    const last = runs[runs.length - 1];
    const asOf = batchDate(last.batch_ts);
    let compared = 0;
    let far = 0;
    for (const r of (await inputsOfRun(last.etl_run_id)).values()) {
      const links = r.chameleon_links ? (JSON.parse(r.chameleon_links) as ChameleonSignals) : null;
      const { value, changesOn } = withChangeDate(() => scoreCarrier(riskInputFromSnapshot(r as any, links, asOf), DEFAULT_POLICY));
      for (const days of [1, 2, 3, 7, 14, 29, 30, 31, 45, 61, 92, 183, 365, 730]) {
        const day = daysBetween('1970-01-01', asOf) + days;
        if (changesOn !== null && day >= changesOn) break;
        expect(scoreCarrier(riskInputFromSnapshot(r as any, links, isoOfEpochDay(day)), DEFAULT_POLICY), `${r.dot_number} +${days}d`).toEqual(value);
        compared++;
        if (days >= 14) far++;
      }
    }
    expect(compared).toBeGreaterThan(CARRIERS * 3);
    // Ages in months change on a monthly anniversary: most horizons are under a month.
    expect(far).toBeGreaterThan(CARRIERS / 4);
  });

  it('stays byte-identical from one run to the next unless the input or a rule outcome changed', async () => {
    // The incremental load rewrites every carrier whose score JSON differs from the previous
    // run's: no message may change with the date alone (an age, the score date).
    const [prev, last] = runs.slice(-2);
    const [inPrev, inLast] = [await inputsOfRun(prev.etl_run_id), await inputsOfRun(last.etl_run_id)];
    const [before, after] = [await scoresOfRun(prev.etl_run_id, batchDate(prev.batch_ts)), await scoresOfRun(last.etl_run_id, batchDate(last.batch_ts))];
    const outcome = (s: RiskScore) => ({ ...s, flags: s.flags.map((f) => `${f.severity} ${f.code}`) });
    let unchanged = 0;
    const moved: string[] = [];
    for (const [dot, row] of inLast) {
      if (!inPrev.has(dot) || !isDeepStrictEqual(inPrev.get(dot), row)) continue;
      unchanged++;
      const [a, b] = [before.get(dot)!, after.get(dot)!];
      if (JSON.stringify(a) === JSON.stringify(b)) continue;
      moved.push(dot);
      // A threshold crossed with the date (STALE_MCS150 appearing, NEW_AUTHORITY turning info...).
      expect(outcome(b), `DOT ${dot}: message text alone changed`).not.toEqual(outcome(a));
    }
    expect(unchanged).toBeGreaterThan(CARRIERS / 2);
    expect(moved.length).toBeLessThan(unchanged / 100);
  });
});

describe('risk history', () => {
  /** The expected rows: a carrier's first run, then every run whose history key moved. */
  async function expectedHistory(): Promise<string[]> {
    const rows: string[] = [];
    const last = new Map<string, string>();
    for (const run of runs) {
      for (const [dot, s] of await scoresOfRun(run.etl_run_id, batchDate(run.batch_ts))) {
        const k = historyKey(s);
        const text = `${k.score}|${k.grade}|${k.tier}|${k.flag_codes.join(',')}`;
        if (last.get(dot) !== text) rows.push(`${dot} ${run.etl_run_id} ${run.batch_ts.toISOString()} ${text}`);
        last.set(dot, text);
      }
    }
    return rows.sort();
  }

  async function actualHistory(): Promise<string[]> {
    const rows = await q<any>('SELECT dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes FROM risk_history_all');
    return rows
      .map((r) => `${r.dot_number} ${r.etl_run_id} ${r.computed_at.toISOString()} ${r.score}|${r.grade}|${r.tier}|${r.flag_codes.join(',')}`)
      .sort();
  }

  it('has a row exactly on the runs where score, grade, tier or the flag set changed', async () => {
    const expected = await expectedHistory();
    expect(await actualHistory()).toEqual(expected);
    // The later runs did move some scores (otherwise the comparison above proves little).
    const later = expected.filter((r) => r.split(' ')[1] !== String(runs[0].etl_run_id));
    expect(later.length).toBeGreaterThan(5);
  });

  it('keeps the first run\'s rows implicit until a score changes, then writes them out as they were', async () => {
    // Written out by position: the view has the table's columns, in order.
    const columnsOf = async (table: string) =>
      (await q('SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position', [table])).map((r) => r.column_name);
    expect(await columnsOf('risk_history_implicit')).toEqual(await columnsOf('risk_history'));
    const first = runs[0].etl_run_id;
    const scores = await scoresOfRun(first, batchDate(runs[0].batch_ts));
    const [{ written }] = await q('SELECT count(*)::int AS written FROM risk_history WHERE etl_run_id = $1', [first]);
    const [{ implicit }] = await q('SELECT count(*)::int AS implicit FROM risk_history_implicit');
    expect(written).toBeGreaterThan(0);
    expect(implicit).toBeGreaterThan(0);
    // Every carrier the first run scored has its row, removed ones too (written out before the removal).
    expect(written + implicit).toBe(scores.size);
    // Written out or not, each is the first run's score, components and flags included (a later
    // run may have moved only the components, which writes no row of its own).
    const rows = await q<any>('SELECT dot_number, score, components, flags FROM risk_history_all WHERE etl_run_id = $1', [first]);
    expect(rows.length).toBe(scores.size);
    for (const r of rows) {
      const s = scores.get(r.dot_number)!;
      expect({ score: r.score, components: r.components, flags: r.flags }, r.dot_number).toEqual({ score: s.score, components: s.components, flags: s.flags });
    }
  });

  it('never writes two consecutive rows with the same key (component drift alone writes nothing)', async () => {
    const dup = await q(`
      SELECT dot_number FROM (
        SELECT dot_number, score, grade, tier, flag_codes,
               lag(ROW(score, grade, tier, flag_codes)) OVER (PARTITION BY dot_number ORDER BY computed_at) AS prev
        FROM risk_history_all) h
      WHERE prev = ROW(score, grade, tier, flag_codes)`);
    expect(dup).toEqual([]);
  });

  it('serves the rows newest first and counts them in meta', async () => {
    const [busy] = await q('SELECT dot_number, count(*)::int AS n FROM risk_history_all GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1');
    expect(busy.n).toBeGreaterThan(1);
    const { data } = await app.api.GET('/v1/carriers/{dot_number}/risk-history', { params: { path: { dot_number: busy.dot_number } } });
    expect(data!.data).toHaveLength(busy.n);
    const times = data!.data.map((r) => Date.parse(r.computed_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data!.data[0].flag_codes).toEqual([...data!.data[0].flag_codes].sort());
    const [{ n }] = await q('SELECT count(*)::int AS n FROM risk_history_all');
    const meta = (await app.api.GET('/v1/meta')).data!;
    expect(meta.risk_history_rows).toBe(n);
    expect(meta.risk_history_horizon).toBe(runs[0].batch_ts.toISOString());
  });

  it('is idempotent: rerunning related, score and load of the last run changes nothing', async () => {
    const before = await actualHistory();
    const cached = await q('SELECT dot_number, risk_score, related_companies, chameleon_links FROM carriers ORDER BY dot_number');
    const last = runs[runs.length - 1].etl_run_id;
    for (const stage of ['related', 'score', 'load']) await rerunStage(env, stage, last);
    expect(await actualHistory()).toEqual(before);
    expect(await q('SELECT dot_number, risk_score, related_companies, chameleon_links FROM carriers ORDER BY dot_number')).toEqual(cached);
    const [{ rows }] = await q('SELECT rows FROM risk_history_runs WHERE etl_run_id = $1', [last]);
    const [{ n }] = await q('SELECT count(*)::int AS n FROM risk_history_all WHERE etl_run_id = $1', [last]);
    expect(rows).toBe(n);
  });
});

describe('related companies', () => {
  type Related = { dot_number: string; legal_name: string; status: string; shared: string[]; revoked_or_inactive: boolean };
  let byDot: Map<string, { related: Related[]; status: string; links: ChameleonSignals | null; score: RiskScore }>;

  beforeAll(async () => {
    const rows = await q('SELECT dot_number, carrier_status, related_companies, chameleon_links, risk_score FROM carriers');
    byDot = new Map(rows.map((r) => [r.dot_number, { related: r.related_companies ?? [], status: r.carrier_status, links: r.chameleon_links, score: r.risk_score }]));
  });

  it("keeps the previous run's normalised identifiers of carriers whose identifiers did not change: the same as normalising all", async () => {
    const [prev, last] = runs.slice(-2).map((r) => runSchema(r.etl_run_id));
    const tables = async () => {
      const out: string[] = [];
      for (const [t, order] of [['related', 'dot_number'], ['related_pairs', 'dot_number, other_dot'], ['related_groups', 'h'], ['related_idents', 'dot_number, kind, value']]) {
        out.push(JSON.stringify(await duckRows(env.duck.conn, `SELECT * FROM ${last}.${t} ORDER BY ${order}`)));
      }
      return out;
    };
    const incremental = await rerunStage(env, 'related', runs[runs.length - 1].etl_run_id);
    // The snapshot carried the previous run's rows: only the carriers it moved were compared.
    expect(incremental.detail).toMatchObject({ idents_kept_from: prev, moved_only: true });
    expect(incremental.detail!.normalised as number).toBeGreaterThan(0);
    expect(incremental.detail!.normalised as number).toBeLessThan(CARRIERS / 4);
    const kept = await tables();
    expect(kept[3].length).toBeGreaterThan(CARRIERS * 50);
    // Without the moved set, every carrier is compared with the previous run: the same.
    await env.duck.conn.run(`ALTER TABLE ${last}.snapshot_carried RENAME TO snapshot_carried_x`);
    try {
      const compared = await rerunStage(env, 'related', runs[runs.length - 1].etl_run_id);
      expect(compared.detail).toMatchObject({ idents_kept_from: prev, moved_only: false, normalised: incremental.detail!.normalised });
      expect(await tables()).toEqual(kept);
    } finally {
      await env.duck.conn.run(`ALTER TABLE ${last}.snapshot_carried_x RENAME TO snapshot_carried`);
    }
    const [{ fingerprint }] = await duckRows<{ fingerprint: string }>(env.duck.conn, `SELECT fingerprint FROM ${prev}.related_model`);
    await env.duck.conn.run(`DROP TABLE ${prev}.related_model`);
    try {
      const full = await rerunStage(env, 'related', runs[runs.length - 1].etl_run_id);
      expect(full.detail).toMatchObject({ idents_kept_from: null });
      expect(full.detail!.normalised as number).toBeGreaterThan(CARRIERS * 0.9);
      expect(await tables()).toEqual(kept);
    } finally {
      await env.duck.conn.run(`CREATE OR REPLACE TABLE ${prev}.related_model AS SELECT '${fingerprint}' AS fingerprint`);
    }
  });

  it('links exactly the members of each planted cluster, naming what they share', async () => {
    const expected = new Map<string, string[]>();
    for (const c of clusters.filter((c) => !c.big)) {
      for (const a of c.dot_numbers) {
        for (const b of c.dot_numbers) if (a !== b) expected.set(a, [...(expected.get(a) ?? []), `${b}:${c.kind}`]);
      }
    }
    expect(expected.size).toBeGreaterThan(10);
    for (const [dot, c] of byDot) {
      const got = c.related.map((r) => `${r.dot_number}:${r.shared.join('+')}`).sort();
      expect(got, `DOT ${dot}`).toEqual((expected.get(dot) ?? []).sort());
    }
  });

  it('does not link the big shared-service clusters', () => {
    const big = clusters.filter((c) => c.big);
    expect(big.map((c) => c.kind).sort()).toEqual(['address', 'email', 'phone']);
    for (const c of big) {
      expect(c.dot_numbers.length).toBeGreaterThan(MAX_SHARED);
      for (const dot of c.dot_numbers) expect(byDot.get(dot)?.related.filter((r) => r.shared.includes(c.kind)) ?? []).toEqual([]);
    }
  });

  it('lists revoked or inactive carriers first, with their status', () => {
    for (const c of byDot.values()) {
      const flags = c.related.map((r) => r.revoked_or_inactive);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      for (const r of c.related) expect(r.status).toBe(byDot.get(r.dot_number)!.status);
      expect(c.related.length).toBeLessThanOrEqual(20);
    }
  });

  it('turns a planted chameleon pattern into a chameleon signal on the active carrier', () => {
    const chameleons = clusters.filter((c) => c.chameleon && !c.big);
    expect(chameleons.length).toBeGreaterThan(3);
    const first = batchDate(runs[0].batch_ts);
    const dates: string[] = [];
    for (const c of chameleons) {
      const [old, fresh] = c.dot_numbers; // the shut-down original, then its recent reincarnation
      const f = byDot.get(fresh)!;
      const link = f.links?.links.find((l) => l.dot_number === old);
      expect(link, `cluster ${c.id}`).toBeDefined();
      expect(link!.shared).toEqual([c.kind]);
      expect(f.score.flags.map((x) => x.code)).toContain('CHAMELEON_SIGNAL');
      expect(f.score.score).toBeLessThanOrEqual(75);
      // Never later than the first day we saw it inactive.
      expect(link!.revoked_on <= first).toBe(true);
      dates.push(link!.revoked_on);
    }
    // Originals with authority: the revocation date of the L&I files, before our first batch.
    expect(dates.some((d) => d < first)).toBe(true);
  });

  it('gives no chameleon signal without a revoked or inactive related carrier', () => {
    for (const [dot, c] of byDot) {
      const hasLink = c.related.some((r) => r.revoked_or_inactive);
      if (!hasLink) {
        expect(c.links, `DOT ${dot}`).toBeNull();
        expect(c.score.flags.some((f) => f.code === 'CHAMELEON_SIGNAL')).toBe(false);
      }
    }
  });
});

describe('score part files', () => {
  it('refuse a field that would break the tab-separated layout, and write one line per carrier', () => {
    const dir = tempDir('score-part-');
    const scored = { dot: ['1', '2'], score: [90, 40], grade: ['A', 'D'], tier: ['LOW', 'HIGH'], flagCodes: ['{}', '{NO_BIPD}'], json: ['{"a":"x\\ty"}', '{}'], inputHash: ['12345678901234567890', '7'], validUntil: ['2026-12-01', null] };
    const file = path.join(dir, 'ok.tsv');
    writeScoredPart(scored, file);
    expect(fs.readFileSync(file, 'utf8').split('\n')).toEqual(['1\t90\tA\tLOW\t{}\t{"a":"x\\ty"}\t12345678901234567890\t2026-12-01', '2\t40\tD\tHIGH\t{NO_BIPD}\t{}\t7\t\\N', '']);
    expect(() => writeScoredPart({ ...scored, dot: ['1\t2', '3'] }, path.join(dir, 'bad.tsv'))).toThrow(/tab or line break/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
