/**
 * load: the run into PostgreSQL in ONE transaction — the steps it is given (the load plan,
 * pipeline/load-plan/plan.ts: carriers, insurance_policies, carrier_core_json, changes, risk,
 * history, search ...) and the etl_runs flip to succeeded — so readers see the previous run or
 * this one, never a mix, and a crash anywhere leaves the previous run served.
 *
 * Full (first load, or --full) or incremental (the served run is the one this run was diffed
 * against, or this run itself on a rerun): an incremental load writes only the carriers whose
 * snapshot row or policies changed (row hashes: DuckDB's `load_delta`, made here before the
 * transaction) and removes those gone.
 */
import fs from 'node:fs';
import { withTransaction } from '../../lib/postgres.ts';
import { sql } from '../../lib/sql-files.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckRun, duckSql, duckTableExists, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import type { LoadStep, LoadTransaction, StepDetail } from '../load-plan/step.ts';
import { dropRunFiles } from '../carried-tables.ts';
import { listRuns, markSucceeded, previousRun, servedRun } from '../etl-runs.ts';
import { changeSummary, movedSince } from './handoff.ts';
import type { Stage, StageOptions, StageResult } from './types.ts';

/** Whether the load is full or incremental, and against what. */
interface LoadBasis {
  mode: 'full' | 'incremental';
  /** The served run the delta is computed against (incremental only). */
  base: number | null;
  /** Served run id seen when planning; the transaction re-checks it. */
  served: number | null;
}

async function basisOf(ctx: RunContext, opts: StageOptions): Promise<LoadBasis> {
  const served = await servedRun(ctx.pool);
  if (served && served.etl_run_id !== ctx.runId && served.batch_ts.getTime() > ctx.batchTs.getTime()) {
    throw new Error(`run ${ctx.runId}: run ${served.etl_run_id} (a later day) is served; loading this run would move the data back in time`);
  }
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  const servedId = served?.etl_run_id ?? null;
  const base = prev?.etl_run_id ?? null;
  // Incremental needs: a served state equal to `base` (or to this run, on a rerun, which
  // re-applies the same delta on top of it) and `base`'s row hashes still in DuckDB.
  const canIncrement =
    !opts.full &&
    base !== null &&
    (servedId === base || servedId === ctx.runId) &&
    (await duckTableExists(ctx.duck, runSchema(base), 'row_hashes'));
  return canIncrement ? { mode: 'incremental', base, served: servedId } : { mode: 'full', base: null, served: servedId };
}

/** Drops the DuckDB schemas and run files of runs that no stage can need any more. */
async function pruneDuck(ctx: RunContext): Promise<string[]> {
  const runs = await listRuns(ctx.pool);
  const succeeded = runs.filter((r) => r.status === 'succeeded').sort((a, b) => b.batch_ts.getTime() - a.batch_ts.getTime());
  const newest = succeeded[0]?.batch_ts.getTime() ?? 0;
  const keep = new Set<string>([
    ...succeeded.slice(0, ctx.config.etlKeepRuns).map((r) => runSchema(r.etl_run_id)),
    // Unfinished runs of later days may still be retried.
    ...runs.filter((r) => r.status !== 'succeeded' && r.batch_ts.getTime() > newest).map((r) => runSchema(r.etl_run_id)),
  ]);
  const schemas = await duckRows<{ schema_name: string }>(
    ctx.duck,
    `SELECT schema_name FROM duckdb_schemas() WHERE database_name = current_database() AND regexp_full_match(schema_name, 'r[0-9]+(_delta)?')`,
  );
  // A run's delta schema (r<run>_delta) goes with the run.
  const dropped = schemas.map((s) => s.schema_name).filter((s) => !keep.has(s.replace(/_delta$/, '')));
  for (const s of dropped) await ctx.duck.run(`DROP SCHEMA ${s} CASCADE`);
  if (dropped.length) await ctx.duck.run('CHECKPOINT');
  const files = await dropRunFiles(ctx.duck, ctx.config, (id) => !keep.has(runSchema(id)));
  return [...new Set([...dropped, ...files.map(runSchema)])];
}

/** The load stage running `steps`, in their order, inside its transaction. */
export function load(steps: readonly LoadStep[]): Stage {
  return {
    name: 'load',
    async run(ctx, opts = {}): Promise<StageResult> {
      // export_carriers.sql writes the scores and related companies with each carrier row.
      await requireRunTables(ctx, ['snapshot', 'policies', 'changes', 'related', 'scores'], 'snapshot, diff, related and score stages');
      const p = await basisOf(ctx, opts);
      if (p.mode === 'incremental') {
        const only = whereDotIn(await movedSince(ctx, p.base!));
        await duckRun(ctx.duck, duckSql('load_delta', { schema: ctx.schema, base: runSchema(p.base!), only }));
      }
      const summary = await changeSummary(ctx);
      // What carriers holds once loaded (the load makes it equal to the snapshot), counted in
      // DuckDB: counting it in PostgreSQL after the upserts would read the whole table.
      const [{ served }] = await duckRows<{ served: number }>(ctx.duck, `SELECT count(*) AS served FROM ${ctx.schema}.snapshot`);
      fs.mkdirSync(ctx.tmpDir, { recursive: true });
      const began = Date.now();
      // Work steps started beside the transaction, stopped if the load fails.
      const cleanups: (() => Promise<void>)[] = [];
      const { out, stepMs } = await withTransaction(ctx.pool, async (client) => {
        await client.query(sql('pipeline/load_lock'));
        // The served tables sit in shared_buffers or the OS cache: with the default cost of a
        // random read (4), the planner read all of insurance_policies or carrier_search to reach a
        // night's few thousand carriers instead of probing their indexes.
        await client.query('SET LOCAL random_page_cost = 1.1');
        const now = await servedRun(client);
        if ((now?.etl_run_id ?? null) !== p.served) {
          throw new Error(`run ${ctx.runId}: the served run changed from ${p.served} to ${now?.etl_run_id} during the load`);
        }
        const tx: LoadTransaction = { ctx, client, mode: p.mode, onFailure: (cleanup) => void cleanups.push(cleanup) };
        const out: StepDetail = {};
        const stepMs: Record<string, number> = {};
        for (const step of steps) {
          const started = Date.now();
          Object.assign(out, await step.run(tx));
          stepMs[step.name] = Date.now() - started;
        }
        await markSucceeded(client, ctx.runId, summary, served);
        return { out, stepMs };
      }).catch(async (err) => {
        for (const cleanup of cleanups) await cleanup();
        throw err;
      });
      const ms = Date.now() - began;
      const dropped = await pruneDuck(ctx).catch((err: Error) => {
        ctx.logger.warn({ err: err.message }, 'could not prune old DuckDB run schemas');
        return [] as string[];
      });
      const detail = { mode: p.mode, base_run: p.base, ...out, step_ms: stepMs, ms_transaction: ms };
      ctx.logger.info({ ...detail, pruned: dropped }, 'loaded');
      // The served tables' rows (pipeline/load-plan/served-tables.ts).
      const rows = ['carriers', 'removed', 'policies', 'changes'].reduce((n, k) => n + Number(out[k] ?? 0), 0);
      return { rows, detail };
    },
  };
}
