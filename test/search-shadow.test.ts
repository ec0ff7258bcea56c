/**
 * A full load rebuilds the search tables beside it, in a schema of its own, and swaps them in
 * (lib/search/build/shadow.ts): the swapped tables are those a rebuild in place writes, with the
 * columns, indexes, keys and options of the migrations; a load that fails while the rebuild runs
 * stops it and leaves the served tables and no schema behind. A first run derives the tables in
 * DuckDB before the score stage (pipeline/stages/plan.ts); a stage failing before the load drops
 * them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadStep } from '../pipeline/load-plan/step.ts';
import { rerunStage, runInput } from '../pipeline/run-stages.ts';
import type { HeadStart, Stage } from '../pipeline/stages/plan.ts';
import { PREBUILT_TABLES, SEARCH_TABLES, SHADOW_SCHEMA } from '../lib/search/index.ts';
import type { Pool } from '../lib/postgres.ts';
import { copyDays, editLine, rebuiltInPlace, searchTablesOf, suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();

/** Columns, indexes, constraints and storage options of the search tables. */
async function catalogOf(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ d: string }>(
    `SELECT c.relname || ' column ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull
            || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') || ' ' || coalesce(co.collname, '') AS d
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     LEFT JOIN pg_collation co ON co.oid = a.attcollation
     WHERE c.oid = ANY ($1::regclass[])
     UNION ALL
     SELECT c.relname || ' ' || c.relpersistence::text || ' ' || coalesce(c.reloptions::text, '') FROM pg_class c WHERE c.oid = ANY ($1::regclass[])
     UNION ALL
     SELECT tablename || ' ' || indexname || ': ' || indexdef FROM pg_indexes WHERE tablename = ANY ($1::text[])
     UNION ALL
     SELECT conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint
     WHERE conrelid = ANY ($1::regclass[])
     ORDER BY 1`,
    [SEARCH_TABLES],
  );
  return rows.map((r) => r.d);
}

const shadowExists = async () =>
  (await suite.db.pool.query('SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1', [SHADOW_SCHEMA])).rows[0].n > 0;

/** The search tables' CSV files under the pipeline's temp dirs. */
function searchFiles(): string[] {
  const tmp = path.join(suite.env.dir, 'tmp');
  if (!fs.existsSync(tmp)) return [];
  const files = fs.readdirSync(tmp, { recursive: true, encoding: 'utf8' }).map((f) => path.basename(f));
  return files.filter((f) => (Object.keys(PREBUILT_TABLES) as string[]).includes(f.replace(/\.csv$/, ''))).sort();
}

/**
 * A SHARE lock on the cargo labels, which keeps a rebuild waiting at its insert of new labels
 * (reading them, as the schema's setup does, is not blocked): `waiting` counts the waiters.
 */
async function holdCargoLabels() {
  const blocker = await suite.db.pool.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE search_cargo_labels IN SHARE MODE');
  return {
    waiting: async () =>
      (await suite.db.pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%search_cargo_labels%'`,
      )).rows[0].n,
    release: async () => {
      await blocker.query('ROLLBACK');
      blocker.release();
    },
  };
}

describe('the search rebuild beside a full load', () => {
  // The served run (the first test's run failed: the day runs again as a new run).
  let served = 0;
  it('of a first run derives its tables before the score stage, and drops them when a stage before the load fails', async () => {
    let early: { files: string[]; shadow: boolean } | null = null;
    // Right after the search files' head start, before the score stage: it breaks that stage.
    const breakScore: HeadStart = {
      name: 'break-score',
      start: async (ctx) => {
        early = { files: searchFiles(), shadow: await shadowExists() };
        await ctx.duck.run(`DROP TABLE ${ctx.schema}.related`);
      },
    };
    const runSteps = (steps: (Stage | HeadStart)[]) => steps.flatMap((s) => (s.name === 'search files' ? [s, breakScore] : [s]));
    await expect(runInput(suite.env, copyDays('two-days/2026-03-01'), {}, undefined, { runSteps })).rejects.toThrow(/related/);
    // Every table's file was written before the score stage; PostgreSQL's half waits for the load.
    expect(early).toEqual({ files: Object.keys(PREBUILT_TABLES).map((t) => `${t}.csv`).sort(), shadow: false });
    // The files are gone; nothing is served.
    expect(searchFiles()).toEqual([]);
    expect(await shadowExists()).toBe(false);
    expect((await suite.db.pool.query(`SELECT count(*)::int AS n FROM etl_runs WHERE status = 'succeeded'`)).rows[0].n).toBe(0);
  });

  it('swaps in the tables a rebuild in place writes, with the catalog the migrations made', async () => {
    const before = await catalogOf(suite.db.pool);
    expect(before.some((d) => d.includes('carrier_search_keys_idx'))).toBe(true);
    const days = await runInput(suite.env, copyDays('two-days/2026-03-01'));
    expect(days.map((d) => d.status)).toEqual(['succeeded']);
    served = days[0].etl_run_id!;
    // A first run: DuckDB derived the tables before the score stage, the load took them over.
    expect(days[0].stages.find((s) => s.stage === 'load')?.detail).toMatchObject({ mode: 'full', search: 5, search_files_ahead: true });
    expect(await catalogOf(suite.db.pool)).toEqual(before);
    expect(await shadowExists()).toBe(false);
    const swapped = await searchTablesOf(suite.db.pool);
    expect(swapped.carrier_search).toMatch(/^5 /);
    expect(await rebuiltInPlace(suite.db.pool, served)).toEqual(swapped);
    const { rows } = await suite.db.pool.query(`SELECT etl_run_id, full_build FROM search_index_state WHERE backend = 'postgres'`);
    expect(rows).toEqual([{ etl_run_id: served, full_build: true }]);
    // Searches read the swapped tables.
    const hits = await suite.db.pool.query(`SELECT count(*)::int AS n FROM search_postings WHERE term = 'LOGISTICS'`);
    expect(hits.rows[0].n).toBeGreaterThan(0);
  });

  it('a full load failing while the rebuild runs stops it and leaves the served tables', async () => {
    const before = await searchTablesOf(suite.db.pool);
    await suite.db.pool.query(`UPDATE search_index_state SET indexed_at = '2026-01-01' WHERE backend = 'postgres'`);
    const { waiting, release } = await holdCargoLabels();
    // Right after the search build has started beside the load: the load fails while it waits.
    const explode: LoadStep = {
      name: 'explode',
      run: async () => {
        await expect.poll(waiting, { interval: 25 }).toBe(1);
        throw new Error('load failed');
      },
    };
    const loadSteps = (steps: LoadStep[]) => steps.flatMap((s) => (s.name === 'search-build' ? [s, explode] : [s]));
    try {
      await expect(rerunStage(suite.env, 'load', served, { full: true }, { loadSteps })).rejects.toThrow('load failed');
    } finally {
      await release();
    }
    // The build was terminated, not left waiting for the lock.
    expect(await waiting()).toBe(0);
    expect(await shadowExists()).toBe(false);
    expect(await searchTablesOf(suite.db.pool)).toEqual(before);
    const { rows } = await suite.db.pool.query(`SELECT indexed_at FROM search_index_state WHERE backend = 'postgres'`);
    expect(rows[0].indexed_at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

/** Sets census fields (by header name) of the line of `dot`, quoting every field it sets. */
function setCensusFields(dayDir: string, dot: string, fields: Record<string, string>): void {
  const file = path.join(dayDir, 'census.csv');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const header = lines[0].split(',');
  const line = lines.findIndex((l) => l.split(',')[header.indexOf('DOT_NUMBER')] === dot) + 1;
  editLine(file, line, (l) => {
    const cells = l.split(',');
    for (const [name, value] of Object.entries(fields)) cells[header.indexOf(name)] = `"${value.replace(/"/g, '""')}"`;
    return cells.join(',');
  });
}

describe('the rows and postings DuckDB derives for the rebuild beside a full load', () => {
  const t = suitePipeline();

  it('equal those derived from the carriers PostgreSQL holds, for text the tokeniser must treat alike', async () => {
    const dumps = copyDays('two-days/2026-03-01');
    const day = path.join(dumps, '2026-03-01');
    // Non-ASCII letters stay as they are in PostgreSQL's C-collation upper() and lower() (DuckDB's
    // would make 'ı' an 'I', 'ſ' an 'S', 'é' an 'É'), apostrophes go, other punctuation splits.
    // (The ingest upper-cases officers and cities in full and lower-cases e-mail addresses, so
    // those reach the index as 'JOSÉ ẞMITH', 'SÃO PAULO' and 'i̇nfo@example.com'.)
    setCensusFields(day, '1001', {
      LEGAL_NAME: "o'brien & sons—trucking ıſ café a1 A1",
      DBA_NAME: '  d.b.a. "TRANS" transport  Transportation tran ',
      PHY_CITY: 'São paulo',
      EMAIL_ADDRESS: ' İnfo@Example.COM ',
      COMPANY_OFFICER_1: 'josé ßmith',
    });
    // A name with no word at all: a row, no postings.
    setCensusFields(day, '1002', { LEGAL_NAME: '...', DBA_NAME: '' });
    const days = await runInput(t.env, dumps);
    expect(days[0].stages.find((s) => s.stage === 'load')?.detail).toMatchObject({ mode: 'full', search_files_ahead: true });
    const { rows } = await t.db.pool.query(
      `SELECT id, name_norm, dba_norm, terms, officers, keys, email FROM carrier_search WHERE id IN (1001, 1002) ORDER BY id`,
    );
    expect(rows[0]).toMatchObject({
      name_norm: 'OBRIEN SONS TRUCKING CAF A1 A1',
      dba_norm: 'D B A TRANS TRANSPORT TRANSPORTATION TRAN',
      terms: ['A', 'A1', 'B', 'CAF', 'D', 'OBRIEN', 'SONS', 'TRAN', 'TRANS', 'TRANSPORT', 'TRANSPORTATION', 'TRUCKING'],
    });
    expect(rows[1]).toMatchObject({ name_norm: '', terms: [] });
    const { rows: lcps } = await t.db.pool.query(`SELECT term, lcp FROM search_postings WHERE id = 1001 ORDER BY term`);
    expect(lcps.filter((r) => r.term.startsWith('TRAN'))).toEqual([
      { term: 'TRAN', lcp: 0 },
      { term: 'TRANS', lcp: 4 },
      { term: 'TRANSPORT', lcp: 5 },
      { term: 'TRANSPORTATION', lcp: 9 },
    ]);
    const swapped = await searchTablesOf(t.db.pool);
    expect(await rebuiltInPlace(t.db.pool, 1)).toEqual(swapped);
  });
});
