/**
 * snapshot: the run's carrier snapshot (one row per DOT, the CarrierSnapshot columns of
 * lib/snapshot.ts), its active policies, the row hashes the diff and the incremental load
 * compare, and the policy events after the batch date. The tables are a run file
 * (pipeline/carried-tables.ts): after a previous run, the previous run's file, copied, gets new rows
 * (sql/duckdb/snapshot_carry.sql) instead of two million rows written again. With the ingest
 * stage's input delta (pipeline/input-delta.ts) only the delta's carriers are built, from the
 * delta files; without it every carrier is built, in temp tables, and the rows whose hash moved
 * are carried into the copy. Either way the carriers whose rows may differ from the previous run's
 * are kept as snapshot_moved (handoff.ts movedSince), which the related and score stages read.
 */
import path from 'node:path';
import { ROOT } from '../../lib/config.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckRun, duckSql, duckTableExists, lit, requireRunTables, runSchema } from '../duck.ts';
import { sameFingerprint, storeFingerprint } from '../fingerprint.ts';
import { deltaFromRun, deltaSchema, SNAPSHOT_MODEL } from '../input-delta.ts';
import { hasRunFile, openRunFile, publishRunFile, runFileCatalog, runFileTables } from '../carried-tables.ts';
import { previousRun } from '../etl-runs.ts';
import type { Stage } from './types.ts';

const STATE_CENTROIDS = path.join(ROOT, 'data', 'state-centroids.csv');

const TABLES = runFileTables('snapshot');

/** A table's columns and types, in order. */
async function columnsOf(ctx: RunContext, database: string, table: string): Promise<string> {
  const rows = await duckRows<{ c: string }>(
    ctx.duck,
    `SELECT column_name || ' ' || data_type AS c FROM duckdb_columns()
     WHERE database_name = ${lit(database)} AND table_name = ${lit(table)} ORDER BY column_index`,
  );
  return rows.map((r) => r.c).join(', ');
}

/** The previous run whose snapshot file this run can carry over, if any. */
async function carriedFrom(ctx: RunContext): Promise<number | null> {
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  return prev && hasRunFile(ctx.config, prev.etl_run_id, 'snapshot') ? prev.etl_run_id : null;
}

/** Whether the run's input delta was taken against run `prev`, whose rows hold for this code. */
async function deltaAgainst(ctx: RunContext, prev: number): Promise<boolean> {
  return (await deltaFromRun(ctx)) === prev && (await sameFingerprint(ctx.duck, runSchema(prev), 'snapshot_model', SNAPSHOT_MODEL));
}

/**
 * Carriers whose census row was quarantined tonight keep their rows of run `from` (their last good
 * ones): a garbled line must not read as the carrier leaving the registry (removed_carrier).
 */
async function keepHeld(ctx: RunContext, from: string): Promise<void> {
  if (!(await duckTableExists(ctx.duck, ctx.schema, 'census_held'))) return;
  const held = `SELECT dot_number FROM ${ctx.schema}.census_held WHERE dot_number NOT IN (SELECT dot_number FROM temp.snapshot_new)`;
  await ctx.duck.run(
    `CREATE OR REPLACE TEMP TABLE held AS ${held};
     INSERT INTO temp.snapshot_new SELECT * FROM ${from}.snapshot WHERE dot_number IN (SELECT dot_number FROM held);
     INSERT INTO temp.policies_new SELECT * FROM ${from}.policies WHERE dot_number IN (SELECT dot_number FROM held);
     INSERT INTO temp.row_hashes_new SELECT * FROM ${from}.row_hashes WHERE dot_number IN (SELECT dot_number FROM held);
     INSERT INTO temp.policy_events_new SELECT * FROM ${from}.policy_events
       WHERE dot_number IN (SELECT dot_number FROM held) AND on_date > DATE ${lit(ctx.batchDate)};
     DROP TABLE held;`,
  );
}

export const snapshot: Stage = {
  name: 'snapshot',
  async run(ctx) {
    await requireRunTables(ctx, ['census'], 'ingest stage');
    ctx.progress.start('snapshot');
    const vars = { schema: ctx.schema, batch_date: `DATE ${lit(ctx.batchDate)}`, centroids: lit(STATE_CENTROIDS) };
    const into = (prefix: string, suffix = '') => Object.fromEntries(TABLES.map((t) => [t, `${prefix}${t}${suffix}`]));
    const create = (temp: boolean) => ({ create: `CREATE OR REPLACE ${temp ? 'TEMP ' : ''}TABLE` });
    // Set again below when the previous run's rows are carried (snapshot_carry.sql).
    await ctx.duck.run(`DROP TABLE IF EXISTS ${ctx.schema}.snapshot_moved; DROP TABLE IF EXISTS ${ctx.schema}.snapshot_carried`);
    const prev = await carriedFrom(ctx);
    let carried = false;
    let delta = false;
    if (prev === null) {
      const file = await openRunFile(ctx, 'snapshot', null);
      await duckRun(ctx.duck, duckSql('snapshot', { ...vars, ...create(false), ...into(`${file}.`) }), ctx.progress);
    } else {
      delta = await deltaAgainst(ctx, prev);
      const built = async (schema: string) => {
        await duckRun(ctx.duck, duckSql('snapshot', { ...vars, schema, ...create(true), ...into('', '_new') }), ctx.progress);
        const from = runFileCatalog(prev, 'snapshot');
        for (const t of TABLES) {
          if ((await columnsOf(ctx, 'temp', `${t}_new`)) !== (await columnsOf(ctx, from, t))) return false;
        }
        return true;
      };
      carried = await built(delta ? deltaSchema(ctx.runId) : ctx.schema);
      if (!carried && delta) {
        // The previous run's tables have other columns: every carrier's rows, from the files.
        delta = false;
        await built(ctx.schema);
      }
      if (carried && !delta) await keepHeld(ctx, runFileCatalog(prev, 'snapshot'));
      const file = await openRunFile(ctx, 'snapshot', carried ? prev : null);
      if (carried) {
        const moved = delta
          ? `SELECT dot_number FROM ${ctx.schema}.input_delta`
          : `SELECT coalesce(n.dot_number, o.dot_number) AS dot_number
             FROM temp.row_hashes_new n FULL JOIN ${file}.row_hashes o ON o.dot_number = n.dot_number
             WHERE n.row_hash IS DISTINCT FROM o.row_hash`;
        const events = delta ? `dot_number IN (SELECT dot_number FROM ${ctx.schema}.snapshot_moved)` : 'TRUE';
        await ctx.duck.run(duckSql('snapshot_carry', { schema: ctx.schema, file, moved, events, from_run: prev }));
      } else {
        // The previous run's tables have other columns (the code changed): this run's as they are.
        for (const t of TABLES) await ctx.duck.run(`CREATE TABLE ${file}.${t} AS SELECT * FROM temp.${t}_new; DROP TABLE temp.${t}_new`);
      }
    }
    await publishRunFile(ctx, 'snapshot');
    await storeFingerprint(ctx.duck, ctx.schema, 'snapshot_model', SNAPSHOT_MODEL);
    const [{ n, policies }] = await duckRows<{ n: number; policies: number }>(
      ctx.duck,
      `SELECT (SELECT count(*) FROM ${ctx.schema}.snapshot) AS n, (SELECT count(*) FROM ${ctx.schema}.policies) AS policies`,
    );
    ctx.progress.end(`${n.toLocaleString('en-US')} carriers`);
    return { rows: n, detail: { policies, carried_from: carried ? prev : null, from_delta: delta } };
  },
};
