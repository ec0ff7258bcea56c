/**
 * diff: the change feed of a run against the previous served run (the newest succeeded run
 * before it). The first run has nothing to compare with and yields no changes: a bootstrap is
 * not a feed of two million new_carrier rows.
 */
import { FLEET_PERCENT, FLEET_UNITS, OOS_MIN_INSPECTIONS, OOS_POINTS } from '../../lib/domain.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckRun, duckSql, duckTableExists, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import { StageOrderError } from '../errors.ts';
import { previousRun, recordSummary } from '../etl-runs.ts';
import { changeSummary, movedSince } from './handoff.ts';
import type { Stage } from './types.ts';

/** A day removing more than this share of the carriers (and at least MIN) looks like a cut file. */
const MASS_REMOVAL_SHARE = 0.1;
const MASS_REMOVAL_MIN = 1000;

/** The run this run is compared with, when its snapshot is still in DuckDB. */
async function comparedRun(ctx: RunContext): Promise<number | null> {
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  if (!prev) return null;
  if (!(await duckTableExists(ctx.duck, runSchema(prev.etl_run_id), 'snapshot'))) {
    throw new StageOrderError(
      `run ${ctx.runId}: the previous served run ${prev.etl_run_id} has no snapshot in ${ctx.config.duckdbPath}; ` +
        `rerun its ingest and snapshot stages (stage ingest --run ${prev.etl_run_id}) first`,
    );
  }
  return prev.etl_run_id;
}

export const diff: Stage = {
  name: 'diff',
  async run(ctx, opts = {}) {
    await requireRunTables(ctx, ['snapshot'], 'snapshot stage');
    const prev = await comparedRun(ctx);
    ctx.progress.start(prev ? `diff against run ${prev}` : 'diff (first run: no changes)');
    let sqlText = duckSql('changes_table', { schema: ctx.schema });
    if (prev !== null) {
      const moved = await movedSince(ctx, prev);
      sqlText += duckSql('diff', {
        schema: ctx.schema,
        prev: runSchema(prev),
        only: whereDotIn(moved),
        oos_hundredths: OOS_POINTS * 100,
        oos_min_insp: OOS_MIN_INSPECTIONS,
        fleet_units: FLEET_UNITS,
        fleet_percent: FLEET_PERCENT,
      });
    }
    await duckRun(ctx.duck, sqlText, ctx.progress);
    const summary = await changeSummary(ctx);
    ctx.progress.end(`${summary.total_changes.toLocaleString('en-US')} changes`);
    if (prev !== null && !opts.allowMassRemoval) {
      const [{ before }] = await duckRows<{ before: number }>(ctx.duck, `SELECT count(*) AS before FROM ${runSchema(prev)}.snapshot`);
      const removed = summary.removed_carriers;
      if (removed >= MASS_REMOVAL_MIN && removed > before * MASS_REMOVAL_SHARE) {
        throw new Error(
          `run ${ctx.runId}: ${removed} of ${before} carriers would be removed (over ${MASS_REMOVAL_SHARE * 100}%); ` +
            'a truncated census is the likely cause. If it is real, rerun with --allow-mass-removal',
        );
      }
    }
    await recordSummary(ctx.pool, ctx.runId, summary);
    return { rows: summary.total_changes, detail: { previous_run: prev, summary } };
  },
};
