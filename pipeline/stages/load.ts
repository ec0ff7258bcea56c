/**
 * load: the run into PostgreSQL in ONE transaction — carriers, insurance_policies, the carriers'
 * rendered core profiles (carrier_core_json), the run's changes rows, the load hooks and the
 * etl_runs flip to succeeded — so readers see the previous run or this one, never a mix, and a
 * crash anywhere leaves the previous run served.
 *
 * Bulk (first load, or --full): TRUNCATE and COPY everything. Incremental (the served run is
 * the one this run was diffed against, or this run itself on a rerun): only carriers whose
 * snapshot row or policies changed (row hashes) are COPYed into a staging table and upserted;
 * removed carriers are deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, withTransaction, type PoolClient } from '../../lib/db.ts';
import { fillEmptyTable } from '../../lib/empty-tables.ts';
import { CARRIER_COLUMNS, CHANGE_COLUMNS, POLICY_COLUMNS } from '../columns.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckRun, duckSql, duckTableExists, lit, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import { abandonEarlyWork, loadHooks, takeEarlyWork, type LoadHook, type Prepared } from '../load-hooks.ts';
import { dropRunFiles } from '../run-files.ts';
import { copyFileToPg, duckToCsv } from '../pg-copy.ts';
import { listRuns, markSucceeded, previousRun, servedRun } from '../runs.ts';
import { changeSummary, movedSince } from './handoff.ts';
import type { Stage, StageOptions, StageResult } from './types.ts';

const cols = (list: readonly string[]) => `(${list.join(', ')})`;
const CORE_TARGET = 'carrier_core_json (dot_number, mc_number, body)';

interface Plan {
  mode: 'full' | 'incremental';
  /** The served run the delta is computed against (incremental only). */
  base: number | null;
  /** Served run id seen when planning; the transaction re-checks it. */
  served: number | null;
}

async function plan(ctx: RunContext, opts: StageOptions): Promise<Plan> {
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

/** A DuckDB export query of sql/duckdb/<name>.sql for this run (`filter`: its WHERE clause or ''). */
export function exportSql(ctx: RunContext, name: string, filter: string): string {
  return duckSql(name, {
    schema: ctx.schema,
    run_id: ctx.runId,
    batch_ts: lit(ctx.batchTs.toISOString()),
    filter,
  });
}

/** The run's CSV files, written by DuckDB before the load writes. */
interface Exports {
  carriers: string;
  policies: string;
  core: string;
  changes: string;
  /** Incremental only: the DOTs of the delta with their op. */
  delta?: string;
}

async function exportRun(ctx: RunContext, p: Plan): Promise<Exports> {
  const file = (name: string) => path.join(ctx.tmpDir, `${name}.csv`);
  const write = async (name: string, select: string) => {
    ctx.progress.start(`export ${name}`);
    await duckToCsv(ctx, select, file(name));
    ctx.progress.end();
    return file(name);
  };
  const changed = p.mode === 'incremental'
    ? `WHERE dot_number IN (SELECT dot_number FROM ${ctx.schema}.load_delta WHERE op <> 'delete')`
    : '';
  return {
    carriers: await write('carriers', exportSql(ctx, 'export_carriers', changed)),
    policies: await write('policies', exportSql(ctx, 'export_policies', changed)),
    core: await write('core', exportSql(ctx, 'export_carrier_core', changed)),
    changes: await write('changes', exportSql(ctx, 'export_changes', '')),
    delta: p.mode === 'incremental' ? await write('delta', `SELECT dot_number, op FROM ${ctx.schema}.load_delta`) : undefined,
  };
}

async function copy(ctx: RunContext, client: PoolClient, file: string, target: string): Promise<number> {
  const name = target.split(/[\s(]/)[0];
  ctx.progress.start(`copy ${name}`);
  const rows = await copyFileToPg(client, file, target, (done, total) => ctx.progress.update(done, total));
  ctx.progress.end(`${rows.toLocaleString('en-US')} rows`);
  return rows;
}

async function writeCarriers(ctx: RunContext, client: PoolClient, p: Plan, files: Exports): Promise<Record<string, number>> {
  const beforeWrite = async () => {
    for (const hook of loadHooks()) await hook.beforeWrite?.({ ctx, client, mode: p.mode });
  };
  if (p.mode === 'full') {
    await beforeWrite();
    await client.query(sql('pipeline/load_truncate'));
    const carriers = await fillEmptyTable(client, 'carriers', () => copy(ctx, client, files.carriers, `carriers ${cols(CARRIER_COLUMNS)}`));
    const policies = await fillEmptyTable(client, 'insurance_policies', () =>
      copy(ctx, client, files.policies, `insurance_policies ${cols(POLICY_COLUMNS)}`));
    await fillEmptyTable(client, 'carrier_core_json', () => copy(ctx, client, files.core, CORE_TARGET));
    return { carriers, removed: 0, policies };
  }
  await client.query(sql('pipeline/load_stage_tables'));
  await copy(ctx, client, files.delta!, 'load_delta (dot_number, op)');
  await beforeWrite();
  const carriers = await copy(ctx, client, files.carriers, `carriers_stage ${cols(CARRIER_COLUMNS)}`);
  await client.query(sql('pipeline/load_upsert_carriers'));
  const removed = (await client.query(sql('pipeline/load_delete_removed'))).rowCount ?? 0;
  await client.query(sql('pipeline/load_delete_policies'));
  const policies = await copy(ctx, client, files.policies, `insurance_policies ${cols(POLICY_COLUMNS)}`);
  await client.query(sql('pipeline/load_delete_core'));
  await copy(ctx, client, files.core, CORE_TARGET);
  return { carriers, removed, policies };
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

export const load: Stage = {
  name: 'load',
  async run(ctx, opts = {}): Promise<StageResult> {
    // export_carriers.sql writes the scores and related companies with each carrier row.
    await requireRunTables(ctx, ['snapshot', 'policies', 'changes', 'related', 'scores'], 'snapshot, diff, related and score stages');
    const p = await plan(ctx, opts);
    if (p.mode === 'incremental') {
      const only = whereDotIn(await movedSince(ctx, p.base!));
      await duckRun(ctx.duck, duckSql('load_delta', { schema: ctx.schema, base: runSchema(p.base!), only }));
    }
    const summary = await changeSummary(ctx);
    // What carriers holds once loaded (the load makes it equal to the snapshot); counting it in
    // PostgreSQL after the upserts took 1 s at 2.1M.
    const [{ served }] = await duckRows<{ served: number }>(ctx.duck, `SELECT count(*) AS served FROM ${ctx.schema}.snapshot`);
    fs.mkdirSync(ctx.tmpDir, { recursive: true });
    const began = Date.now();
    // Work the hooks started beside the load (the search rebuild of a full load).
    const prepared = new Map<LoadHook, Prepared>();
    // The hooks whose work started early (pipeline/run.ts) and that took it over.
    const tookEarly: string[] = [];
    const written = await withTransaction(ctx.pool, async (client) => {
      await client.query(sql('pipeline/load_lock'));
      // The served tables sit in shared_buffers or the OS cache: with the default cost of a
      // random read (4), the planner read all of insurance_policies or carrier_search (0.5 s
      // each at 2.1M) to reach a night's few thousand carriers instead of probing their indexes.
      await client.query('SET LOCAL random_page_cost = 1.1');
      const now = await servedRun(client);
      if ((now?.etl_run_id ?? null) !== p.served) {
        throw new Error(`run ${ctx.runId}: the served run changed from ${p.served} to ${now?.etl_run_id} during the load`);
      }
      // The hooks' work beside the load starts first, so that DuckDB's exports overlap it too.
      const preparing = Date.now();
      for (const hook of loadHooks()) {
        const early = takeEarlyWork(ctx.runId, hook);
        const work = await hook.prepare?.({ ctx, client, mode: p.mode, early });
        if (work) prepared.set(hook, work);
        if (early && work === early) tookEarly.push(hook.name);
        else await early?.abandon();
      }
      await abandonEarlyWork(ctx.runId);
      const exporting = Date.now();
      const files = await exportRun(ctx, p);
      const writing = Date.now();
      const out = await writeCarriers(ctx, client, p, files);
      await client.query(sql('pipeline/load_delete_changes'), [ctx.runId]);
      out.changes = await copy(ctx, client, files.changes, `changes ${cols(CHANGE_COLUMNS)}`);
      out.ms_prepare = exporting - preparing;
      out.ms_export = writing - exporting;
      out.ms_own_tables = Date.now() - writing;
      for (const hook of loadHooks()) {
        const started = Date.now();
        const rows = await hook.run({ ctx, client, mode: p.mode, prepared: prepared.get(hook) });
        out[`hook_${hook.name}`] = typeof rows === 'number' ? rows : 0;
        out[`ms_hook_${hook.name}`] = Date.now() - started;
      }
      await markSucceeded(client, ctx.runId, summary, served);
      return out;
    }).catch(async (err) => {
      for (const work of prepared.values()) await work.abandon();
      throw err;
    });
    written.ms_transaction = Date.now() - began;
    const dropped = await pruneDuck(ctx).catch((err: Error) => {
      ctx.logger.warn({ err: err.message }, 'could not prune old DuckDB run schemas');
      return [] as string[];
    });
    ctx.logger.info({ mode: p.mode, ...written, pruned: dropped }, 'loaded');
    const rows = written.carriers + written.removed + written.policies + written.changes;
    return { rows, detail: { mode: p.mode, base_run: p.base, early_hooks: tookEarly, ...written } };
  },
};
