/**
 * What one stage leaves in the run's DuckDB schema for the later ones, read in one place:
 * - the carriers the snapshot stage moved (`snapshot_moved`, with `snapshot_carried`: the run
 *   whose rows every other carrier kept), which the diff, related, score and load stages narrow
 *   their work to;
 * - the carriers the score stage scored (`score_fresh`, with `score_kept`: the run the other
 *   scores were kept from), which the load's risk step compares;
 * - the change summary of the diff stage's `changes` table, which the diff records and the load
 *   stores with the succeeded run.
 * Each reader answers null when the stage that writes it did not carry rows over from `prev`:
 * the caller must then look at every carrier.
 */
import { CHANGE_CATEGORIES, SUMMARY_KEYS } from '../../lib/domain.ts';
import type { RunContext } from '../context.ts';
import { duckRows, recordedRun } from '../duck.ts';

/**
 * The query of the carriers whose snapshot rows may differ from run `prev`'s (all others' rows are
 * the same), when this run's snapshot carried prev's rows over; else null.
 */
export async function movedSince(ctx: RunContext, prev: number): Promise<string | null> {
  return (await recordedRun(ctx.duck, ctx.schema, 'snapshot_carried')) === prev ? `SELECT dot_number FROM ${ctx.schema}.snapshot_moved` : null;
}

/**
 * The query of the carriers scored by this run when the others kept run `prev`'s score rows as
 * they were (score_fresh); null when the run's scores were not kept from `prev`.
 */
export async function freshScoresSince(ctx: RunContext, prev: number): Promise<string | null> {
  return (await recordedRun(ctx.duck, ctx.schema, 'score_kept')) === prev ? `SELECT dot_number FROM ${ctx.schema}.score_fresh` : null;
}

export type Summary = Record<string, number>;

/** The ten summary keys of GET /v1/changes from per-category counts. */
function summaryOf(counts: Record<string, number>): Summary {
  const summary: Summary = {};
  let total = 0;
  for (const c of CHANGE_CATEGORIES) {
    summary[SUMMARY_KEYS[c]] = counts[c] ?? 0;
    total += counts[c] ?? 0;
  }
  summary.total_changes = total;
  return summary;
}

/** The summary of the run's `changes` table (diff stage). */
export async function changeSummary(ctx: RunContext): Promise<Summary> {
  const rows = await duckRows<{ category: string; n: number }>(
    ctx.duck,
    `SELECT category, count(*) AS n FROM ${ctx.schema}.changes GROUP BY category`,
  );
  return summaryOf(Object.fromEntries(rows.map((r) => [r.category, r.n])));
}
