/**
 * Whole runs on the fixture dumps: the change feed of a day, idempotent reruns of every stage,
 * incremental load = bulk reload, and loads that fail or are killed mid-way leaving the previous
 * run served.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { duckRows } from '../pipeline/duck.ts';
import type { LoadStep } from '../pipeline/load-plan/step.ts';
import { hasRunFile, runFilePath } from '../pipeline/carried-tables.ts';
import { rerunStage, runDay, runInput, runStage } from '../pipeline/run-stages.ts';
import { beginRun, getRun, listRuns } from '../pipeline/etl-runs.ts';
import { STAGE_ORDER, stagesInOrder } from '../pipeline/stages/plan.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';
import { changesOf, copyDays, editLine, servedRunId, servedTables, testPipeline, type TestPipeline } from './pipeline-harness.ts';

let db: TestDatabase;
let env: TestPipeline;
let dumps: string;

beforeAll(async () => {
  db = await freshDatabase();
  env = await testPipeline(db.pool);
  dumps = copyDays('two-days/2026-03-01', 'two-days/2026-03-02');
});
afterAll(async () => {
  await env?.close();
  await db?.drop();
});

/** A new day folder: a copy of `from` with one census value replaced. */
function nextDay(from: string, day: string, dot: string, find: string, replace: string): string {
  const dir = path.join(dumps, day);
  fs.cpSync(path.join(dumps, from), dir, { recursive: true });
  const census = path.join(dir, 'census.csv');
  const line = fs.readFileSync(census, 'utf8').split('\n').findIndex((l) => l.split(',')[3] === dot) + 1;
  editLine(census, line, (l) => l.replace(find, replace));
  return dir;
}

const key = (c: { dot_number: string; category: string }) => `${c.dot_number} ${c.category}`;
/** The stages this suite is about; others registered later run between them. */
const MINE = ['ingest', 'snapshot', 'diff', 'load'];

describe('a folder of two days', () => {
  it('runs each day in date order; the first run has no changes, the second the day-over-day diff', async () => {
    const days = await runInput(env, dumps);
    expect(days.map((d) => [d.day, d.etl_run_id, d.status])).toEqual([
      ['2026-03-01', 1, 'succeeded'],
      ['2026-03-02', 2, 'succeeded'],
    ]);
    // Every registered stage ran, in pipeline order (later stages such as score sit in between).
    expect(days[0].stages.map((s) => s.stage)).toEqual(stagesInOrder().map((s) => s.name));
    expect(days[0].stages.map((s) => s.stage).filter((s) => MINE.includes(s))).toEqual(MINE);
    expect(await changesOf(db.pool, 1)).toEqual([]);
    const changes = await changesOf(db.pool, 2);
    expect(changes.map(key)).toEqual([
      '1006 new_carrier',
      '1005 removed_carrier',
      // 1002 gains broker authority on its MC docket, but held it already on its FF docket: its
      // broker standing (the best over its dockets) does not change.
      '1003 revocation_pending',
      '1003 insurance_change',
      '1004 safety_change',
      '1001 fleet_change', // 5 → 7 units: 40 % of the old value
      '1002 fleet_change', // 0 → 1: any move from zero
      '1001 identity_change',
      '1001 contact_change',
    ]);
    expect(changes.find((c) => c.category === 'removed_carrier')).toEqual({
      dot_number: '1005',
      carrier_name: 'EPSILON CARRIERS',
      category: 'removed_carrier',
      old_values: { legal_name: 'EPSILON CARRIERS', carrier_status: 'ACTIVE', phy_state: 'NV' },
      new_values: {},
      phy_state: 'NV',
    });
    expect(changes.find((c) => c.category === 'safety_change')!.new_values).toEqual({
      total_crashes: 2,
      fatal_crashes: 1,
      driver_oos_rate: 10,
      vehicle_oos_rate: 26.67,
      driver_inspections: 20,
      vehicle_inspections: 15,
    });
    expect(changes.find((c) => c.category === 'contact_change')!.new_values).toMatchObject({ phone: '4028959999', phy_city: 'OMAHA' });
    const run = await getRun(db.pool, 2);
    expect(run).toMatchObject({
      status: 'succeeded',
      batch_ts: new Date('2026-03-02T00:00:00Z'),
      summary: {
        new_carriers: 1, removed_carriers: 1, authority_changes: 0, revocations_pending: 1, insurance_changes: 1,
        safety_changes: 1, fleet_changes: 2, identity_changes: 1, contact_changes: 1, total_changes: 9,
      },
    });
    expect(Object.keys(run!.stages)).toEqual(expect.arrayContaining(MINE));
    expect(run!.stages.load).toMatchObject({ mode: 'incremental', carriers: 5, removed: 1, changes: 9 });
    const carriers = await db.pool.query('SELECT dot_number, etl_run_id, updated_at FROM carriers ORDER BY dot_number');
    expect(carriers.rows.map((r) => r.dot_number)).toEqual(['1001', '1002', '1003', '1004', '1006']);
    expect(carriers.rows[0].updated_at).toEqual(new Date('2026-03-02T00:00:00Z'));
    // Each run records the carriers it serves (day 1: 1001–1005).
    const counted = await db.pool.query('SELECT etl_run_id, carriers FROM etl_runs ORDER BY etl_run_id');
    expect(counted.rows).toEqual([{ etl_run_id: 1, carriers: 5 }, { etl_run_id: 2, carriers: carriers.rows.length }]);
    // A day already loaded is skipped.
    expect((await runInput(env, dumps)).map((d) => d.status)).toEqual(['skipped', 'skipped']);
  });

  it('reruns every stage of a run without changing the outcome or duplicating changes', async () => {
    const tables = await servedTables(db.pool);
    const changes = await changesOf(db.pool, 2);
    const summary = (await getRun(db.pool, 2))!.summary;
    for (const stage of stagesInOrder().map((s) => s.name)) {
      await rerunStage(env, stage, 2);
      expect(await changesOf(db.pool, 2), stage).toEqual(changes);
    }
    expect(await servedTables(db.pool)).toEqual(tables);
    expect((await getRun(db.pool, 2))).toMatchObject({ status: 'succeeded', summary });
    expect((await db.pool.query('SELECT count(*)::int AS n FROM changes')).rows[0].n).toBe(9);
    // Loading the older run again would move the served data back in time.
    await expect(rerunStage(env, 'load', 1)).rejects.toThrow(/run 2 \(a later day\) is served/);
    expect(await servedRunId(db.pool)).toBe(2);
  });

  it('an incremental load leaves the same tables as a bulk reload', async () => {
    const incremental = await servedTables(db.pool);
    const full = await rerunStage(env, 'load', 2, { full: true });
    expect(full.detail).toMatchObject({ mode: 'full', carriers: 5 });
    expect(await servedTables(db.pool)).toEqual(incremental);
    expect((await changesOf(db.pool, 2)).length).toBe(9);
  });

  it('a snapshot carried over from the previous run’s file equals one built from scratch', async () => {
    const tables = async () => {
      const out: unknown[] = [];
      for (const t of ['snapshot', 'policies', 'row_hashes']) {
        out.push(await duckRows(env.duck.conn, `SELECT * FROM r2.${t} ORDER BY ALL`));
      }
      return JSON.stringify(out);
    };
    const carried = await rerunStage(env, 'snapshot', 2);
    expect(carried.detail).toMatchObject({ carried_from: 1 });
    const fromCopy = await tables();
    // Run 1's file out of sight: the snapshot stage writes run 2's tables from scratch.
    const file = runFilePath(env.config, 1, 'snapshot');
    fs.renameSync(file, `${file}.away`);
    try {
      const scratch = await rerunStage(env, 'snapshot', 2);
      expect(scratch.detail).toMatchObject({ carried_from: null });
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    expect(await tables()).toEqual(fromCopy);
    expect(JSON.parse(fromCopy)[0]).toHaveLength(5);
  });
});

describe('a load that fails leaves the previous run served', () => {
  it('a failing load step rolls back carriers, policies, changes and the status flip', async () => {
    const before = await servedTables(db.pool);
    const day3 = nextDay('2026-03-02', '2026-03-03', '1002', 'BETA LOGISTICS INC', 'BETA LOGISTICS LLC');
    const explode: LoadStep = {
      name: 'explode',
      run: async ({ client }) => {
        // The transaction already holds the new run's rows...
        const { rows } = await client.query(`SELECT legal_name FROM carriers WHERE dot_number = '1002'`);
        expect(rows[0].legal_name).toBe('BETA LOGISTICS LLC');
        throw new Error('step failed');
      },
    };
    await expect(runDay(env, day3, {}, { loadSteps: (steps) => [...steps, explode] })).rejects.toThrow('step failed');
    // ...but readers never saw them.
    expect(await servedRunId(db.pool)).toBe(2);
    expect(await servedTables(db.pool)).toEqual(before);
    expect(await changesOf(db.pool, 3)).toEqual([]);
    expect(await getRun(db.pool, 3)).toMatchObject({ status: 'failed', error: 'step failed' });
    // The same day runs again as a new run; the failed one keeps its record.
    const ok = await runDay(env, day3);
    expect(ok).toMatchObject({ etl_run_id: 4, status: 'succeeded' });
    expect((await changesOf(db.pool, 4)).map(key)).toEqual(['1002 identity_change']);
    expect(await getRun(db.pool, 3)).toMatchObject({ status: 'failed', error: 'step failed' });
  });

  it('a load process killed mid-transaction leaves the previous run served', async () => {
    const day4 = nextDay('2026-03-03', '2026-03-04', '1004', 'safety@delta.example', 'hazmat@delta.example');
    const { run, release } = (await beginRun(db.pool, day4))!;
    for (const s of stagesInOrder().filter((x) => x.name !== 'load' && x.name !== 'search-index')) await runStage(env, run, s);
    const before = await servedTables(db.pool);
    // DuckDB allows one process per file: hand it to the child.
    await env.close();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test', 'pipeline-crash-child.ts'), String(run.etl_run_id)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: env.dir, DUCKDB_PATH: path.join(env.dir, 'pipeline.duckdb'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const inTx = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('IN_TRANSACTION')) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${out}`)));
    });
    expect(inTx).toMatch(/IN_TRANSACTION 5/);
    // While the load transaction is open, readers see the previous run.
    expect(await servedRunId(db.pool)).toBe(4);
    expect(await servedTables(db.pool)).toEqual(before);
    child.kill('SIGKILL');
    await exited;
    env = await testPipeline(db.pool, env.dir);
    expect(await servedRunId(db.pool)).toBe(4);
    expect(await servedTables(db.pool)).toEqual(before);
    expect(await changesOf(db.pool, run.etl_run_id)).toEqual([]);
    // Claimed by this process (which began it), the run is `running`: another attempt is refused.
    expect((await getRun(db.pool, run.etl_run_id))!.status).toBe('running');
    await expect(runDay(env, day4)).rejects.toThrow(/is being run by another process/);
    // Nobody works on it once the claim ends, as when its process dies.
    await release();
    // (PostgreSQL drops the lock as it ends the closed session, a moment after the client closes.)
    await expect.poll(async () => (await getRun(db.pool, run.etl_run_id))!.status).toBe('interrupted');
    expect((await listRuns(db.pool)).find((r) => r.etl_run_id === run.etl_run_id)!.status).toBe('interrupted');
    // The next attempt records the interrupted run as failed and runs the day as a new run.
    const ok = await runDay(env, day4);
    expect(ok).toMatchObject({ etl_run_id: run.etl_run_id + 1, status: 'succeeded' });
    expect(await getRun(db.pool, run.etl_run_id)).toMatchObject({
      status: 'failed',
      error: 'interrupted: the process running it ended before it finished',
    });
    expect(await changesOf(db.pool, ok.etl_run_id!)).toEqual([
      expect.objectContaining({ dot_number: '1004', category: 'contact_change', new_values: expect.objectContaining({ email: 'hazmat@delta.example' }) }),
    ]);
  });
});

describe('npm run pipeline -- status', () => {
  it('prints the runs with their stage timings', async () => {
    await env.close();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'pipeline', 'cli.ts'), 'status'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: env.dir, DUCKDB_PATH: path.join(env.dir, 'pipeline.duckdb'), LOG_LEVEL: 'silent' },
      });
      let text = '';
      child.stdout.on('data', (b: Buffer) => (text += b.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
    });
    env = await testPipeline(db.pool, env.dir);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^run\\s+day\\s+status\\s+${STAGE_ORDER.join('\\s+')}\\s+quarantined\\s+changes\\s+error$`));
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 3))).toEqual([
      ['1', '2026-03-01', 'succeeded'],
      ['2', '2026-03-02', 'succeeded'],
      ['3', '2026-03-03', 'failed'],
      ['4', '2026-03-03', 'succeeded'],
      ['5', '2026-03-04', 'failed'],
      ['6', '2026-03-04', 'succeeded'],
    ]);
    expect(lines[2]).toMatch(/\s9$/);
    expect(lines[3]).toMatch(/step failed$/);
  });
});

describe('DuckDB after four days', () => {
  it('keeps the schemas and run files of the newest ETL_KEEP_RUNS (3) runs, read again after a reopen', async () => {
    const schemas = await duckRows<{ s: string }>(
      env.duck.conn,
      "SELECT schema_name AS s FROM duckdb_schemas() WHERE database_name = current_database() AND regexp_full_match(schema_name, 'r[0-9]+') ORDER BY 1",
    );
    expect(schemas.map((r) => r.s)).toEqual(['r2', 'r4', 'r6']);
    expect([1, 2, 3, 4, 5, 6].map((id) => hasRunFile(env.config, id, 'related_idents'))).toEqual([false, true, false, true, false, true]);
    // The status test above closed the pipeline and opened it again: the views read their files.
    const [{ n }] = await duckRows<{ n: number }>(env.duck.conn, 'SELECT count(*) AS n FROM r6.related_idents');
    expect(n).toBeGreaterThan(0);
  });
});
