/**
 * The history steps of the load: the SCD-2 history behind point-in-time lookups
 * (GET /v1/carriers/{dot}?as_of), written inside the run's load transaction, after carriers and
 * insurance_policies hold the run. A version of a carrier (all snapshot columns) or of a policy
 * is valid from the batch date of the run that first served it until the batch date of the run
 * that changed or dropped it.
 *
 * The first run writes none: what it served are the implicit first versions (migration 024, its
 * carrier_versions and insurance_policy_versions views), until a load is about to change a DOT;
 * `writeOutHistory` then writes that DOT's implicit versions out, and `writeRunHistory`'s
 * comparison closes and opens versions as it always did.
 *
 * Only the carriers the load touched are compared (its `load_delta`); a bulk load compares all.
 * Idempotent: a rerun of the same run's load first undoes what that run wrote, then writes it again.
 */
import type { PoolClient } from '../../lib/postgres.ts';
import { sql } from '../../lib/sql-files.ts';
import type { LoadStep } from './step.ts';

export interface HistoryContext {
  runId: number;
  /** The run's batch date, 'YYYY-MM-DD' (UTC). */
  batchDate: string;
  batchTs: Date;
}

export interface HistoryResult {
  /** Carrier versions opened and closed by this run. */
  opened: number;
  closed: number;
  policiesOpened: number;
  policiesClosed: number;
}

async function historyBaseline(client: PoolClient): Promise<{ etl_run_id: number } | undefined> {
  return (await client.query<{ etl_run_id: number }>(sql('pipeline/history_baseline'))).rows[0];
}

/**
 * Before the load changes carriers and insurance_policies (bulk: before its TRUNCATE;
 * incremental: once `load_delta` holds the delta): writes out the implicit versions of the DOTs it
 * may change, so that they survive the change. Returns the DOTs written out.
 */
export async function materializeHistory(client: PoolClient, ctx: HistoryContext, mode: 'full' | 'incremental'): Promise<number> {
  const baseline = await historyBaseline(client);
  // A rerun of the baseline run's own load: its implicit versions are what it writes again.
  if (!baseline || baseline.etl_run_id === ctx.runId) return 0;
  await client.query(sql('pipeline/history_implicit'));
  const dots = (await client.query(sql(`pipeline/history_implicit_${mode === 'full' ? 'all' : 'delta'}`))).rowCount ?? 0;
  if (dots > 0) {
    // Policies first: a DOT's policies are implicit only while it has no carrier_history row.
    await client.query(sql('pipeline/history_materialize_policies'));
    await client.query(sql('pipeline/history_materialize_carriers'));
  }
  await client.query('DROP TABLE history_implicit');
  return dots;
}

/**
 * Writes the run's history on the load's transaction `client`. `mode` is the load's: 'incremental'
 * reads the temp table `load_delta (dot_number, op)` the load created; 'full' compares every carrier.
 */
export async function writeHistory(
  client: PoolClient,
  ctx: HistoryContext,
  mode: 'full' | 'incremental',
): Promise<HistoryResult> {
  const later = await client.query<{ etl_run_id: number }>(sql('pipeline/history_guard'), [ctx.batchTs]);
  if (later.rows[0]) {
    throw new Error(
      `history: run ${later.rows[0].etl_run_id} (a later day) is already served; run ${ctx.runId} cannot be reloaded under it`,
    );
  }
  await client.query(sql('pipeline/history_undo'), [ctx.runId]);
  await client.query(sql('pipeline/history_reopen'), [ctx.runId]);

  const args = [ctx.runId, ctx.batchDate];
  // No history yet (first run, or history introduced after runs were loaded): it starts from
  // everything served now, as this run's implicit versions, whatever the load's mode.
  const empty = (await client.query<{ empty: boolean }>(sql('pipeline/history_empty'))).rows[0].empty;
  const baseline = await historyBaseline(client);
  if (empty && (!baseline || baseline.etl_run_id === ctx.runId)) {
    await client.query(sql('pipeline/history_baseline_set'), args);
    return { opened: 0, closed: 0, policiesOpened: 0, policiesClosed: 0 };
  }

  await client.query('DROP TABLE IF EXISTS history_touched');
  await client.query(sql('pipeline/history_touched'));
  await client.query(sql(mode === 'incremental' ? 'pipeline/history_touched_delta' : 'pipeline/history_touched_all'));
  // Planner statistics for the temp table: a few rows on a quiet night, every DOT on a bulk load.
  await client.query('ANALYZE history_touched');
  const closed = (await client.query(sql('pipeline/history_close'), args)).rowCount ?? 0;
  const opened = (await client.query(sql('pipeline/history_open'), args)).rowCount ?? 0;
  // Policies per touched DOT on an incremental load; in one set-based pass on a bulk one.
  const all = mode === 'full' ? '_all' : '';
  const policiesClosed = (await client.query(sql(`pipeline/history_policies_close${all}`), args)).rowCount ?? 0;
  const policiesOpened = (await client.query(sql(`pipeline/history_policies_open${all}`), args)).rowCount ?? 0;
  await client.query('DROP TABLE history_touched');
  return { opened, closed, policiesOpened, policiesClosed };
}

/** Before the load changes carriers and insurance_policies: the implicit versions of what it changes. */
export const writeOutHistory: LoadStep = {
  name: 'history-write-out',
  async run({ ctx, client, mode }) {
    const dots = await materializeHistory(client, ctx, mode);
    if (dots) ctx.logger.info({ dots }, 'implicit history versions written out');
  },
};

/** Once carriers and insurance_policies hold the run: its history versions (rows opened and closed). */
export const writeRunHistory: LoadStep = {
  name: 'history',
  async run({ ctx, client, mode }) {
    const r = await writeHistory(client, ctx, mode);
    ctx.logger.info(r, 'history written');
    return { history: r.opened + r.closed + r.policiesOpened + r.policiesClosed };
  },
};
