/**
 * The warm-up (pipeline/warm-up.ts): ahead of an incremental load it reads the search and history
 * tables whole and the rows of the carriers the snapshot moved; a first run has no moved carriers
 * to read; the whole tables are skipped when memory would not hold them; and a failure of its own
 * leaves the night to run without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runContext } from '../pipeline/context.ts';
import { duckRows } from '../pipeline/duck.ts';
import { beginRun, getRun, type EtlRun } from '../pipeline/etl-runs.ts';
import { runDay, runStage } from '../pipeline/run-stages.ts';
import { stageByName } from '../pipeline/stages/plan.ts';
import { warmUp } from '../pipeline/warm-up.ts';
import { copyDays, FIXTURES, suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();
const dumps = copyDays('two-days/2026-03-01', 'two-days/2026-03-02');
// A third night on which the registry is back to the first day's: carriers move again.
fs.cpSync(path.join(FIXTURES, 'two-days/2026-03-01'), path.join(dumps, '2026-03-03'), { recursive: true });

const WHOLE = [
  'carrier_search', 'search_postings', 'search_counts', 'search_counts_fleet', 'search_counts_auth', 'search_word_counts',
  'search_terms', 'search_term_deletes', 'carrier_history', 'insurance_policy_history', 'risk_history',
];

/** Runs `names` of a run's stages. */
async function stages(run: EtlRun, ...names: string[]) {
  for (const name of names) await runStage(suite.env, run, stageByName(name));
}

/** A warm-up of `run` as the run plan makes it (both parts, after the snapshot stage); its report. */
async function warmRun(run: EtlRun, opts: { memoryBytes?: number } = {}) {
  const warm = warmUp(opts);
  const ctx = runContext(suite.env, run);
  warm.startTables(ctx);
  await warm.startCarriers(ctx);
  return warm.finish();
}

it('a first run: no carrier rows to read ahead (its load writes every carrier in bulk)', async () => {
  const { run, release } = (await beginRun(suite.db.pool, path.join(dumps, '2026-03-01')))!;
  try {
    await stages(run, 'ingest', 'snapshot');
    const report = await warmRun(run);
    expect(report.carriers).toBeNull();
    expect(report.errors).toEqual([]);
    await stages(run, 'diff', 'related', 'score', 'load', 'search-index');
  } finally {
    await release();
  }
  expect(await getRun(suite.db.pool, run.etl_run_id)).toMatchObject({ status: 'succeeded' });
});

it('an incremental run: the whole tables with their indexes, and the moved carriers rows in carriers, core profiles and policies', async () => {
  const { run, release } = (await beginRun(suite.db.pool, path.join(dumps, '2026-03-02')))!;
  try {
    await stages(run, 'ingest', 'snapshot');
    const report = await warmRun(run);
    expect(report.errors).toEqual([]);

    const { rows: [whole] } = await suite.db.pool.query<{ relations: number; bytes: string }>(
      `SELECT count(*)::int AS relations, sum(pg_relation_size(c.oid)) AS bytes
       FROM pg_class c LEFT JOIN pg_index i ON i.indexrelid = c.oid LEFT JOIN pg_class t ON t.oid = i.indrelid
       WHERE c.relnamespace = 'public'::regnamespace AND (c.relname = ANY ($1) OR t.relname = ANY ($1)) AND pg_relation_size(c.oid) > 0`,
      [WHOLE],
    );
    expect(whole.relations).toBeGreaterThan(WHOLE.length); // the tables and their indexes
    expect(report.tables).toEqual({ relations: whole.relations, bytes: Number(whole.bytes) });

    const ctx = runContext(suite.env, run);
    const moved = (await duckRows<{ dot_number: string }>(ctx.duck, `SELECT dot_number FROM ${ctx.schema}.snapshot_moved`)).map((r) => r.dot_number);
    expect(moved.length).toBeGreaterThan(0);
    const { rows: [served] } = await suite.db.pool.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM carriers WHERE dot_number = ANY ($1))
            + (SELECT count(*) FROM carrier_core_json WHERE dot_number = ANY ($1))
            + (SELECT count(*) FROM insurance_policies WHERE dot_number = ANY ($1)) AS n`,
      [moved],
    );
    expect(Number(served.n)).toBeGreaterThan(moved.length); // a moved carrier that is served has rows in several tables
    expect(report.carriers).toEqual({ carriers: moved.length, rows: Number(served.n) });

    // A host whose memory would not hold the whole tables: they are skipped, the carriers still read.
    const skipped = await warmRun(run, { memoryBytes: 1 });
    expect(skipped.tables).toMatchObject({ skipped: 'memory', bytes: Number(whole.bytes) });
    expect(skipped.carriers).toEqual(report.carriers);

    await stages(run, 'diff', 'related', 'score', 'load', 'search-index');
  } finally {
    await release();
  }
  expect(await getRun(suite.db.pool, run.etl_run_id)).toMatchObject({ status: 'succeeded' });
});

it('without pg_prewarm the warm-up fails alone: it says so, and the night runs and is served', async () => {
  await suite.db.pool.query('DROP EXTENSION pg_prewarm');
  try {
    const { run, release } = (await beginRun(suite.db.pool, path.join(dumps, '2026-03-03')))!;
    try {
      await stages(run, 'ingest', 'snapshot');
      const report = await warmRun(run);
      expect(report.tables).toBeNull();
      expect(report.errors).toEqual([expect.stringMatching(/^tables: function pg_prewarm\(.*\) does not exist/)]);
      expect(report.carriers?.carriers).toBeGreaterThan(0); // the carriers' part needs no extension
    } finally {
      await release();
    }
    // The same night through the run plan (a new attempt: the one above is recorded as interrupted).
    const out = await runDay(suite.env, path.join(dumps, '2026-03-03'));
    expect(out.status).toBe('succeeded');
    expect(await getRun(suite.db.pool, out.etl_run_id!)).toMatchObject({ status: 'succeeded' });
  } finally {
    await suite.db.pool.query('CREATE EXTENSION pg_prewarm');
  }
});
