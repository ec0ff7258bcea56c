/**
 * The risk steps of the load: a run's scores (score stage) and related companies (related stage)
 * written to PostgreSQL inside the run's load transaction, so readers see them with the run's
 * carriers or not at all.
 *
 * - carriers.risk_score / related_companies / chameleon_links: the load's own carriers COPY
 *   (export_carriers.sql) writes them for the carriers it writes, so a bulk load needs nothing
 *   here; an incremental load UPDATEs the other carriers whose values differ from the previous
 *   run's (which the served rows hold): an unchanged snapshot row can still get a new score.
 * - risk_history: a row per carrier whose score, grade, tier or flag set differs from its last
 *   row. The previous run's scores in DuckDB narrow the candidates (to the carriers scored this
 *   run when the others kept the previous run's rows: risk_candidates.sql); PostgreSQL checks
 *   the ones the previous run did not have against their last row. The very first history is
 *   implicit (migration 025): no rows, each carrier's score in carriers stands for its first row
 *   until a load is about to change it, which writes that row out first (`writeOutRiskHistory`,
 *   before the load rewrites carriers, for those it rewrites; before the UPDATE for the others). A
 *   rerun deletes the run's rows first.
 * - risk_history_runs: the run's row count, for GET /v1/meta.
 */
import type { PoolClient } from '../../lib/postgres.ts';
import { sql } from '../../lib/sql-files.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckSql, duckTableExists, lit, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import { copyDuckToPg } from '../../lib/duckdb-postgres-csv.ts';
import { previousRun } from '../etl-runs.ts';
import { freshScoresSince } from '../stages/handoff.ts';
import type { LoadStep } from './step.ts';

const HISTORY_COLUMNS = '(dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags)';

/** The previous run when it still holds what these steps compare against. */
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
  /** The run's history rows; on the first run, its implicit ones. */
  history: number;
  /** Implicit rows of earlier runs written out before their scores changed. */
  written_out: number;
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
  let writtenOut = 0;
  if (mode === 'incremental') {
    // Without a previous run to compare with, every carrier outside the delta.
    carriers = await copyDuckToPg(ctx, client, {
      select: duckSql(prev === null ? 'export_risk_carriers' : 'export_risk_carriers_changed', vars),
      table: 'risk_stage (dot_number, risk_score, related_companies, chameleon_links)',
      label: 'risk_scores',
    });
    await client.query('ANALYZE risk_stage');
    writtenOut += await materializeRisk(client, ctx.runId, 'staged');
    await client.query(sql('pipeline/risk_update_carriers'));
  }
  const carriersMs = Math.round(performance.now() - started);

  await client.query(sql('pipeline/risk_history_delete_run'), [ctx.runId]);
  const earlier = (await client.query<{ earlier: boolean }>(sql('pipeline/risk_history_has_earlier'), [ctx.batchTs])).rows[0].earlier;
  let history: number;
  if (!earlier) {
    // The first history: a row for every carrier the run scored (every served carrier), implicit.
    await client.query(sql('pipeline/risk_history_baseline_set'), [ctx.runId, ctx.batchTs]);
    [{ history }] = await duckRows<{ history: number }>(ctx.duck, `SELECT count(*)::INTEGER AS history FROM ${ctx.schema}.scores`);
  } else {
    const historySelect = duckSql(prev ? 'export_risk_history_changed' : 'export_risk_history', vars);
    await copyDuckToPg(ctx, client, { select: historySelect, table: `risk_history_stage ${HISTORY_COLUMNS}` });
    await client.query('ANALYZE risk_history_stage');
    history = (await client.query(sql('pipeline/risk_history_insert_changed'), [ctx.batchTs])).rowCount ?? 0;
  }
  await client.query(sql('pipeline/risk_history_runs_upsert'), [ctx.runId, ctx.batchTs, history]);
  await ctx.duck.run('DROP TABLE IF EXISTS risk_candidates');
  const historyMs = Math.round(performance.now() - started) - carriersMs;
  return {
    carriers, history, written_out: writtenOut, compared_with: prev, candidates_only: only !== '', carriers_ms: carriersMs, history_ms: historyMs,
  };
}

/**
 * Writes out the implicit risk history rows (migration 025) of the carriers whose scores are about
 * to change: the load's delta, every carrier (a bulk load), or the staged ones (risk_stage).
 * Nothing on a rerun of the baseline run's own load, whose implicit rows are what it writes.
 */
async function materializeRisk(client: PoolClient, runId: number, which: 'delta' | 'all' | 'staged'): Promise<number> {
  const baseline = (await client.query<{ etl_run_id: number }>(sql('pipeline/risk_history_baseline'))).rows[0];
  if (!baseline || baseline.etl_run_id === runId) return 0;
  return (await client.query(sql(`pipeline/risk_history_materialize_${which}`))).rowCount ?? 0;
}

/** Before the load changes carriers: the implicit risk history rows of those it rewrites. */
export const writeOutRiskHistory: LoadStep = {
  name: 'risk-write-out',
  async run({ ctx, client, mode }) {
    const rows = await materializeRisk(client, ctx.runId, mode === 'full' ? 'all' : 'delta');
    if (rows) ctx.logger.info({ rows }, 'implicit risk history rows written out');
  },
};

/** Once carriers hold the run: the scores of the carriers the load did not rewrite, and the risk history. */
export const writeRisk: LoadStep = {
  name: 'risk',
  async run({ ctx, client, mode }) {
    const r = await loadRisk(ctx, client, mode);
    ctx.logger.info(r, 'risk scores and history written');
    return { risk_history: r.history };
  },
};
