/**
 * The risk load hook: writes a run's scores (score stage) and related companies (related stage)
 * to PostgreSQL inside the run's load transaction (pipeline/load-hooks.ts), so readers see them
 * with the run's carriers or not at all.
 *
 * - carriers.risk_score / related_companies / chameleon_links: the load's own carriers COPY
 *   (export_carriers.sql) writes them for the carriers it writes, so a bulk load needs nothing
 *   here; an incremental load UPDATEs the other carriers whose values differ from the previous
 *   run's (which the served rows hold): an unchanged snapshot row can still get a new score.
 * - risk_history: a row per carrier whose score, grade, tier or flag set differs from its last
 *   row. The previous run's scores in DuckDB narrow the candidates (to the carriers scored this
 *   run when the others kept the previous run's rows: risk_candidates.sql); PostgreSQL checks
 *   the ones the previous run did not have against their last row. The very first history is a
 *   COPY of every carrier's row, into the empty table. A rerun deletes the run's rows first.
 * - risk_history_runs: the run's row count, for GET /v1/meta.
 */
import { sql, type PoolClient } from '../../lib/db.ts';
import { fillEmptyTable } from '../../lib/empty-tables.ts';
import type { RunContext } from '../context.ts';
import { duckSql, duckTableExists, lit, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import type { LoadHook } from '../load-hooks.ts';
import { copyDuckToPg } from '../pg-copy.ts';
import { previousRun } from '../runs.ts';
import { freshScoresSince } from './score.ts';

const HISTORY_COLUMNS = '(dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags)';

/** The previous run when it still holds what this hook compares against. */
async function comparable(ctx: RunContext, client: PoolClient): Promise<number | null> {
  const prev = await previousRun(client, ctx.batchTs);
  if (!prev) return null;
  const schema = runSchema(prev.etl_run_id);
  const ok = (await duckTableExists(ctx.duck, schema, 'scores')) && (await duckTableExists(ctx.duck, schema, 'related'));
  return ok ? prev.etl_run_id : null;
}

/**
 * The WHERE clause on dot_number of the only carriers whose score rows or related companies can
 * differ from run `prev`'s (temp table risk_candidates), when the score stage kept prev's rows of
 * the others as they were; else ''.
 */
async function candidates(ctx: RunContext, prev: number): Promise<string> {
  const fresh = await freshScoresSince(ctx, prev);
  if (fresh === null) return '';
  await ctx.duck.run(duckSql('risk_candidates', { schema: ctx.schema, prev: runSchema(prev), fresh }));
  return whereDotIn('SELECT dot_number FROM risk_candidates');
}

export interface RiskLoadResult {
  carriers: number;
  history: number;
  compared_with: string | null;
  /** Only the carriers the score stage scored, and those whose related companies changed, were compared. */
  candidates_only: boolean;
  carriers_ms: number;
  history_ms: number;
}

export async function loadRisk(ctx: RunContext, client: PoolClient, mode: 'full' | 'incremental'): Promise<RiskLoadResult> {
  await requireRunTables(ctx, ['scores', 'related'], 'related and score stages');
  const started = performance.now();
  const prevRun = await comparable(ctx, client);
  const prev = prevRun === null ? null : runSchema(prevRun);
  const only = prevRun === null ? '' : await candidates(ctx, prevRun);
  const vars = { schema: ctx.schema, run_id: ctx.runId, batch_ts: lit(ctx.batchTs.toISOString()), prev: prev ?? '', only };
  await client.query(sql('pipeline/risk_stage_tables'));

  let carriers = 0;
  if (mode === 'incremental') {
    // Without a previous run to compare with, every carrier outside the delta.
    carriers = await copyDuckToPg(ctx, client, {
      select: duckSql(prev === null ? 'export_risk_carriers' : 'export_risk_carriers_changed', vars),
      table: 'risk_stage (dot_number, risk_score, related_companies, chameleon_links)',
      label: 'risk_scores',
    });
    await client.query('ANALYZE risk_stage');
    await client.query(sql('pipeline/risk_update_carriers'));
  }
  const carriersMs = Math.round(performance.now() - started);

  await client.query(sql('pipeline/risk_history_delete_run'), [ctx.runId]);
  const earlier = (await client.query<{ earlier: boolean }>(sql('pipeline/risk_history_has_earlier'), [ctx.batchTs])).rows[0].earlier;
  let history: number;
  if (!earlier) {
    // The first history: a row for every carrier the run scored (every served carrier).
    history = await fillEmptyTable(client, 'risk_history', () =>
      copyDuckToPg(ctx, client, { select: duckSql('export_risk_history', vars), table: `risk_history ${HISTORY_COLUMNS}` }));
  } else {
    const historySelect = duckSql(prev ? 'export_risk_history_changed' : 'export_risk_history', vars);
    await copyDuckToPg(ctx, client, { select: historySelect, table: `risk_history_stage ${HISTORY_COLUMNS}` });
    await client.query('ANALYZE risk_history_stage');
    history = (await client.query(sql('pipeline/risk_history_insert_changed'), [ctx.batchTs])).rowCount ?? 0;
  }
  await client.query(sql('pipeline/risk_history_runs_upsert'), [ctx.runId, ctx.batchTs, history]);
  await ctx.duck.run('DROP TABLE IF EXISTS risk_candidates');
  const historyMs = Math.round(performance.now() - started) - carriersMs;
  return { carriers, history, compared_with: prev, candidates_only: only !== '', carriers_ms: carriersMs, history_ms: historyMs };
}

/** registerLoadHook(riskLoadHook): the rows it reports are the run's risk history rows. */
export const riskLoadHook: LoadHook = {
  name: 'risk',
  run: async ({ ctx, client, mode }) => {
    const r = await loadRisk(ctx, client, mode);
    ctx.logger.info(r, 'risk scores and history written');
    return r.history;
  },
};
