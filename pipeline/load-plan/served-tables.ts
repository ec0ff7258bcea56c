/**
 * The load's own tables as load steps: carriers, insurance_policies, the carriers' rendered core
 * profiles (carrier_core_json) and the run's changes rows.
 *
 * Bulk (a full load): TRUNCATE and COPY everything. Incremental: only carriers whose snapshot row
 * or policies changed (the DuckDB table `load_delta`) are COPYed into a staging table and
 * upserted; removed carriers are deleted; their policies and core profiles are replaced.
 *
 * The steps run in this order (pipeline/load-plan/plan.ts): `exportRun` (DuckDB writes every
 * file before PostgreSQL writes anything), `stageDelta`, then whatever must read the served rows
 * before they change, then `writeCarriers` and `writeChanges`.
 */
import type { PoolClient } from '../../lib/postgres.ts';
import { sql } from '../../lib/sql-files.ts';
import { fillEmptyTable } from '../../lib/bulk-fill.ts';
import { CARRIER_COLUMNS, CHANGE_COLUMNS, POLICY_COLUMNS } from './served-columns.ts';
import type { RunContext } from '../context.ts';
import { duckSql, duckTableExists, lit } from '../duck.ts';
import { copyFileToPg, duckToCsvFile } from '../../lib/duckdb-postgres-csv.ts';
import { loadFile, type LoadStep, type LoadTransaction } from './step.ts';

const cols = (list: readonly string[]) => `(${list.join(', ')})`;
const CORE_TARGET = 'carrier_core_json (dot_number, mc_number, body)';

/** A DuckDB export query of sql/duckdb/<name>.sql for this run (`filter`: its WHERE clause or ''). */
function exportSql(ctx: RunContext, name: string, filter: string, vars: Record<string, string> = {}): string {
  return duckSql(name, {
    schema: ctx.schema,
    run_id: ctx.runId,
    batch_ts: lit(ctx.batchTs.toISOString()),
    filter,
    ...vars,
  });
}

/** The run's successors table (related stage), or none for a run whose related stage predates it. */
async function successorsOf(ctx: RunContext): Promise<string> {
  return (await duckTableExists(ctx.duck, ctx.schema, 'successors'))
    ? `${ctx.schema}.successors`
    : '(SELECT NULL::VARCHAR AS dot_number, NULL::VARCHAR AS successor_of WHERE false)';
}

async function copy(ctx: RunContext, client: PoolClient, file: string, target: string): Promise<number> {
  const name = target.split(/[\s(]/)[0];
  ctx.progress.start(`copy ${name}`);
  const rows = await copyFileToPg(client, file, target, (done, total) => ctx.progress.update(done, total));
  ctx.progress.end(`${rows.toLocaleString('en-US')} rows`);
  return rows;
}

/** The run's CSV files, written by DuckDB; incremental: the delta's carriers and the delta itself. */
export const exportRun: LoadStep = {
  name: 'export',
  async run(tx) {
    const { ctx } = tx;
    const write = async (name: string, select: string) => {
      ctx.progress.start(`export ${name}`);
      await duckToCsvFile(ctx.duck, select, loadFile(tx, name));
      ctx.progress.end();
    };
    const changed = tx.mode === 'incremental'
      ? `WHERE dot_number IN (SELECT dot_number FROM ${ctx.schema}.load_delta WHERE op <> 'delete')`
      : '';
    await write('carriers', exportSql(ctx, 'export_carriers', changed));
    await write('policies', exportSql(ctx, 'export_policies', changed));
    await write('core', exportSql(ctx, 'export_carrier_core', changed));
    await write('changes', exportSql(ctx, 'export_changes', '', { successors: await successorsOf(ctx) }));
    if (tx.mode === 'incremental') await write('delta', `SELECT dot_number, op FROM ${ctx.schema}.load_delta`);
  },
};

/** Incremental: the delta into the temp table `load_delta`, which later steps join. */
export const stageDelta: LoadStep = {
  name: 'delta',
  async run(tx) {
    if (tx.mode !== 'incremental') return;
    await tx.client.query(sql('pipeline/load_stage_tables'));
    await copy(tx.ctx, tx.client, loadFile(tx, 'delta'), 'load_delta (dot_number, op)');
  },
};

/** carriers, insurance_policies and carrier_core_json as the run has them. */
export const writeCarriers: LoadStep = {
  name: 'carriers',
  async run(tx) {
    const { ctx, client } = tx;
    if (tx.mode === 'full') {
      await client.query(sql('pipeline/load_truncate'));
      const carriers = await fillEmptyTable(client, 'carriers', () => copy(ctx, client, loadFile(tx, 'carriers'), `carriers ${cols(CARRIER_COLUMNS)}`));
      const policies = await fillEmptyTable(client, 'insurance_policies', () =>
        copy(ctx, client, loadFile(tx, 'policies'), `insurance_policies ${cols(POLICY_COLUMNS)}`));
      await fillEmptyTable(client, 'carrier_core_json', () => copy(ctx, client, loadFile(tx, 'core'), CORE_TARGET));
      return { carriers, removed: 0, policies };
    }
    const carriers = await copy(ctx, client, loadFile(tx, 'carriers'), `carriers_stage ${cols(CARRIER_COLUMNS)}`);
    await client.query(sql('pipeline/load_upsert_carriers'));
    const removed = (await client.query(sql('pipeline/load_delete_removed'))).rowCount ?? 0;
    await client.query(sql('pipeline/load_delete_policies'));
    const policies = await copy(ctx, client, loadFile(tx, 'policies'), `insurance_policies ${cols(POLICY_COLUMNS)}`);
    await client.query(sql('pipeline/load_delete_core'));
    await copy(ctx, client, loadFile(tx, 'core'), CORE_TARGET);
    return { carriers, removed, policies };
  },
};

/** The run's changes rows (a rerun's replace its earlier ones). */
export const writeChanges: LoadStep = {
  name: 'changes',
  async run(tx: LoadTransaction) {
    await tx.client.query(sql('pipeline/load_delete_changes'), [tx.ctx.runId]);
    return { changes: await copy(tx.ctx, tx.client, loadFile(tx, 'changes'), `changes ${cols(CHANGE_COLUMNS)}`) };
  },
};
