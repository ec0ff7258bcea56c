/**
 * related: related companies and chameleon links of a run, in DuckDB (sql/duckdb/related.sql).
 * Carriers are related when they share a normalised phone, e-mail, physical address or officer
 * name. An identifier held by more than config.relatedMaxShared carriers (default 25) is a shared
 * service — a dispatch line, a registered agent's address, a filing service's mailbox — and links
 * nobody: it says nothing about common control, and linking it would make N² pairs.
 *
 * Steps (sql/duckdb/related_*.sql), each timed in the stage record. Output tables of the run's schema: related (dot_number, related_companies, chameleon_links),
 * standing (revoked or inactive carriers with revoked_on; the next run carries inactive_since
 * over), related_pairs, related_groups, related_idents.
 */
import { CHAMELEON } from '../../lib/risk/thresholds.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckRun, duckSql, duckTableExists, lit, runSchema } from '../duck.ts';
import { StageOrderError } from '../errors.ts';
import { previousRun } from '../runs.ts';
import type { Stage, StageResult } from './types.ts';

/** related_companies of the full profile: at most this many (openapi FullCarrier). */
export const MAX_RELATED = 20;

/** The previous run's standing table, or an empty relation of its shape (first run). */
async function prevStanding(ctx: RunContext): Promise<{ ref: string; run: number | null }> {
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  if (prev && (await duckTableExists(ctx.duck, runSchema(prev.etl_run_id), 'standing'))) {
    return { ref: `${runSchema(prev.etl_run_id)}.standing`, run: prev.etl_run_id };
  }
  return { ref: '(SELECT NULL::VARCHAR AS dot_number, NULL::DATE AS inactive_since WHERE false)', run: null };
}

export const related: Stage = {
  name: 'related',
  async run(ctx): Promise<StageResult> {
    for (const t of ['snapshot', 'li_revocation', 'li_authhist']) {
      if (!(await duckTableExists(ctx.duck, ctx.schema, t))) {
        throw new StageOrderError(`run ${ctx.runId}: no ${t} table in DuckDB; run the ingest and snapshot stages first`);
      }
    }
    const prev = await prevStanding(ctx);
    const vars = {
      schema: ctx.schema,
      prev_standing: prev.ref,
      batch_date: `DATE ${lit(ctx.batchDate)}`,
      max_shared: ctx.config.relatedMaxShared,
      max_related: MAX_RELATED,
      max_days: CHAMELEON.maxDays,
    };
    await ctx.duck.run(duckSql('related_macros'));
    const ms: Record<string, number> = {};
    for (const step of ['related_idents', 'related_pairs', 'related_standing', 'related_lists']) {
      const started = performance.now();
      ctx.progress.start(step.replace('_', ' '));
      await duckRun(ctx.duck, duckSql(step, vars), ctx.progress);
      ms[step] = Math.round(performance.now() - started);
      ctx.progress.end(`${(ms[step] / 1000).toFixed(1)} s`);
    }
    const [r] = await duckRows<{ carriers: number; pairs: number; chameleon: number; standing: number; shared_services: number }>(
      ctx.duck,
      `SELECT
         (SELECT count(*) FROM ${ctx.schema}.related) AS carriers,
         (SELECT count(*) FROM ${ctx.schema}.related_pairs) AS pairs,
         (SELECT count(*) FROM ${ctx.schema}.related WHERE chameleon_links IS NOT NULL) AS chameleon,
         (SELECT count(*) FROM ${ctx.schema}.standing) AS standing,
         (SELECT count(*) FROM ${ctx.schema}.related_groups WHERE members > ${ctx.config.relatedMaxShared}) AS shared_services`,
    );
    ctx.logger.info({ ...r, step_ms: ms }, 'related companies found');
    return {
      rows: r.carriers,
      detail: { ...r, step_ms: ms, max_shared: ctx.config.relatedMaxShared, previous_standing_run: prev.run },
    };
  },
};
