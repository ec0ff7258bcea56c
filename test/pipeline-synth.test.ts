/**
 * The pipeline against the synthetic registry (pipeline/synth): every day's change feed equals the
 * day's manifest.json exactly, the summaries agree, and the nightly incremental loads end in the
 * same tables as a bulk load of the last day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rerunStage, runInput, type DayOutcome } from '../pipeline/run-stages.ts';
import { getRun } from '../pipeline/etl-runs.ts';
import { entityCode, normalizeText, wordsOf } from '../lib/search/index.ts';
import { synthesize, type Manifest } from '../pipeline/synth/index.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';
import { changesOf, rebuiltInPlace, searchTablesOf, servedTables, tempDir, testPipeline, type TestPipeline } from './pipeline-harness.ts';

const CARRIERS = 4000;
const DAYS = 4;

let db: TestDatabase;
let env: TestPipeline;
let dumps: string;
let outcomes: DayOutcome[];

beforeAll(async () => {
  dumps = tempDir('pipeline-synth-');
  synthesize({ carriers: CARRIERS, days: DAYS, seed: 20260301, out: dumps });
  db = await freshDatabase();
  env = await testPipeline(db.pool);
  outcomes = await runInput(env, dumps);
});
afterAll(async () => {
  await env?.close();
  await db?.drop();
  fs.rmSync(dumps, { recursive: true, force: true });
});

/** A change as a comparable string: field order does not matter (jsonb does not keep it). */
function canonical(c: { dot_number: string; category: string; old_values: object; new_values: object }): string {
  const sorted = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify([c.dot_number, c.category, sorted(c.old_values), sorted(c.new_values)]);
}

const manifest = (day: string): Manifest => JSON.parse(fs.readFileSync(path.join(dumps, day, 'manifest.json'), 'utf8'));

describe(`synthetic registry, ${CARRIERS} carriers × ${DAYS} days`, () => {
  it('runs every day', () => {
    expect(outcomes.map((o) => o.status)).toEqual(Array(DAYS).fill('succeeded'));
  });

  it("each day's diff equals the manifest exactly (edge cases included)", async () => {
    for (const o of outcomes) {
      const m = manifest(o.day);
      const got = (await changesOf(db.pool, o.etl_run_id!)).map(canonical).sort();
      const want = m.changes.map(canonical).sort();
      expect(got, o.day).toEqual(want);
      expect((await getRun(db.pool, o.etl_run_id!))!.summary, o.day).toEqual(m.summary);
    }
    // The generator plants threshold edges (5.00 vs 5.01 points, 20 % vs 21 %, ...) every day.
    expect(manifest(outcomes[1].day).edge_cases.length).toBeGreaterThan(10);
  });

  it("the search tables the nightly deltas kept equal a full rebuild, and hold every name as the query side normalises it", async () => {
    const last = outcomes[outcomes.length - 1];
    expect(await rebuiltInPlace(db.pool, last.etl_run_id!)).toEqual(await searchTablesOf(db.pool));
    const { rows } = await db.pool.query<{ legal_name: string; dba_name: string; entity_type: string; name_norm: string; dba_norm: string; terms: string[]; entity: number }>(
      `SELECT c.legal_name, c.dba_name, c.entity_type, s.name_norm, s.dba_norm, s.terms, s.entity
       FROM carriers c JOIN carrier_search s ON s.id = c.dot_number::integer`,
    );
    expect(rows.length).toBe((await getRun(db.pool, last.etl_run_id!))!.stages.snapshot.rows);
    const served = rows.map((r) => ({ name_norm: r.name_norm, dba_norm: r.dba_norm, terms: r.terms, entity: r.entity }));
    const queried = rows.map((r) => ({
      name_norm: normalizeText(r.legal_name),
      dba_norm: r.dba_name === '' ? '' : normalizeText(r.dba_name),
      terms: [...new Set([...wordsOf(r.legal_name), ...wordsOf(r.dba_name)])].sort(),
      entity: entityCode(r.entity_type),
    }));
    expect(served).toEqual(queried);
  });

  it('nightly loads write only the changed carriers and end where a bulk load ends', async () => {
    const last = outcomes[outcomes.length - 1];
    const run = (await getRun(db.pool, last.etl_run_id!))!;
    expect(run.stages.load).toMatchObject({ mode: 'incremental' });
    expect(run.stages.load.carriers as number).toBeLessThan(CARRIERS / 10);
    const incremental = await servedTables(db.pool);
    expect(incremental.carriers.length).toBe(run.stages.snapshot.rows);
    await rerunStage(env, 'load', last.etl_run_id!, { full: true });
    expect(await servedTables(db.pool)).toEqual(incremental);
    // The full load's search tables, which DuckDB derived from the run's snapshot, equal those
    // derived from the carriers PostgreSQL holds (a rebuild in place).
    const swapped = await searchTablesOf(db.pool);
    expect(swapped.carrier_search).toMatch(new RegExp(`^${run.stages.snapshot.rows} `));
    expect(await rebuiltInPlace(db.pool, last.etl_run_id!)).toEqual(swapped);
  });
});
