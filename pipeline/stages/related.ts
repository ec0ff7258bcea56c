/**
 * related: related companies and chameleon links of a run, in DuckDB (sql/duckdb/related.sql).
 * Carriers are related when they share a normalised phone, e-mail, physical address or officer
 * name. An identifier held by more than config.relatedMaxShared carriers (default 25) is a shared
 * service — a dispatch line, a registered agent's address, a filing service's mailbox — and links
 * nobody: it says nothing about common control, and linking it would make N² pairs.
 *
 * Steps (sql/duckdb/related_*.sql), each timed in the stage record. A carrier whose identifiers
 * are what they were in the previous run keeps its normalised identifiers from that run (step 0,
 * related_source.sql and related_keep.sql): normalising two million addresses and names is most
 * of the stage, and a night changes ~1 % of them. When the snapshot stage carried that run's rows
 * over, only the carriers it moved are compared. A fingerprint of the normalisation's SQL is
 * stored with them, so a changed normalisation runs on every carrier again. The identifiers
 * (several rows per carrier) are a run file (pipeline/carried-tables.ts), a copy of the previous
 * run's file less the changed carriers' rows, plus their new ones. Output tables of the run's
 * schema: related (dot_number, related_companies, chameleon_links), standing (revoked or inactive
 * carriers with revoked_on; the next run carries inactive_since over), related_pairs,
 * related_groups, related_idents (a view over the run file), successors (the run's new carriers
 * that succeed a revoked one: docs/successor-registrations.md; the load writes them into the
 * new_carrier change rows).
 */
import { CHAMELEON } from '../../lib/risk/thresholds.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckRun, duckSql, duckTableExists, lit, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import { sameFingerprint, storeFingerprint } from '../fingerprint.ts';
import { hasRunFile, openRunFile, publishRunFile } from '../carried-tables.ts';
import { previousRun } from '../etl-runs.ts';
import { movedSince } from './handoff.ts';
import type { Stage, StageResult } from './types.ts';

/** related_companies of the full profile: at most this many (openapi FullCarrier). */
const MAX_RELATED = 20;

/** What the normalised identifiers are made by: kept from a run only while these are the same. */
const NORMALISATION = ['sql/duckdb/related_macros.sql', 'sql/duckdb/related_idents.sql'];

/** The previous run when its normalised identifiers can be kept: same normalisation, in a run file. */
async function identsFrom(ctx: RunContext, prevRun: number): Promise<number | null> {
  const prev = runSchema(prevRun);
  if (!hasRunFile(ctx.config, prevRun, 'related_idents')) return null;
  for (const t of ['snapshot', 'related_idents']) {
    if (!(await duckTableExists(ctx.duck, prev, t))) return null;
  }
  return (await sameFingerprint(ctx.duck, prev, 'related_model', NORMALISATION)) ? prevRun : null;
}

export const related: Stage = {
  name: 'related',
  async run(ctx): Promise<StageResult> {
    await requireRunTables(ctx, ['snapshot', 'li_revocation', 'li_authhist'], 'ingest and snapshot stages');
    await requireRunTables(ctx, ['changes'], 'diff stage');
    const prevRun = await previousRun(ctx.pool, ctx.batchTs);
    const prev = prevRun ? runSchema(prevRun.etl_run_id) : null;
    // The previous run's standing table, or an empty relation of its shape (first run).
    const standing = prev && (await duckTableExists(ctx.duck, prev, 'standing')) ? `${prev}.standing` : null;
    const keptRun = prevRun ? await identsFrom(ctx, prevRun.etl_run_id) : null;
    const keptFrom = keptRun === null ? null : runSchema(keptRun);
    // The run's identifiers table, a run file: the previous run's (step 0 deletes the rows of the
    // carriers that are gone or changed), or a new one.
    const idents = `${await openRunFile(ctx, 'related_idents', keptRun)}.related_idents`;
    const vars = {
      schema: ctx.schema,
      prev_standing: standing ?? '(SELECT NULL::VARCHAR AS dot_number, NULL::DATE AS inactive_since WHERE false)',
      batch_date: `DATE ${lit(ctx.batchDate)}`,
      max_shared: ctx.config.relatedMaxShared,
      max_related: MAX_RELATED,
      max_days: CHAMELEON.maxDays,
      idents,
    };
    await ctx.duck.run(`DROP TABLE IF EXISTS ${ctx.schema}.related_model`);
    await ctx.duck.run(duckSql('related_macros'));
    // With the snapshot carried from the run the identifiers are kept from, only its moved
    // carriers can have other identifiers (or be gone).
    const moved = keptRun === null ? null : await movedSince(ctx, keptRun);
    const only = whereDotIn(moved);
    await ctx.duck.run(duckSql(keptFrom ? 'related_source' : 'related_source_all', { schema: ctx.schema, prev: keptFrom ?? '', only }));
    if (keptFrom) await ctx.duck.run(duckSql('related_keep', { ...vars, candidates: moved ?? `SELECT dot_number FROM ${idents}` }));
    else await ctx.duck.run(`CREATE TABLE ${idents} (dot_number VARCHAR, kind VARCHAR, value VARCHAR, h UBIGINT)`);
    const ms: Record<string, number> = {};
    let normalised: number;
    try {
      [{ normalised }] = await duckRows<{ normalised: number }>(ctx.duck, 'SELECT count(*) AS normalised FROM related_source');
      for (const step of ['related_idents', 'related_pairs', 'related_standing', 'related_lists', 'related_successors']) {
        const started = performance.now();
        ctx.progress.start(step.replace('_', ' '));
        await duckRun(ctx.duck, duckSql(step, vars), ctx.progress);
        if (step === 'related_idents') await publishRunFile(ctx, 'related_idents');
        ms[step] = Math.round(performance.now() - started);
        ctx.progress.end(`${(ms[step] / 1000).toFixed(1)} s`);
      }
    } finally {
      await ctx.duck.run(`DROP ${keptFrom ? 'TABLE' : 'VIEW'} related_source`);
    }
    await storeFingerprint(ctx.duck, ctx.schema, 'related_model', NORMALISATION);
    const [r] = await duckRows<{ carriers: number; pairs: number; chameleon: number; standing: number; shared_services: number; successors: number }>(
      ctx.duck,
      `SELECT
         (SELECT count(*) FROM ${ctx.schema}.related) AS carriers,
         (SELECT count(*) FROM ${ctx.schema}.successors) AS successors,
         (SELECT count(*) FROM ${ctx.schema}.related_pairs) AS pairs,
         (SELECT count(*) FROM ${ctx.schema}.related WHERE chameleon_links IS NOT NULL) AS chameleon,
         (SELECT count(*) FROM ${ctx.schema}.standing) AS standing,
         (SELECT count(*) FROM ${ctx.schema}.related_groups WHERE members > ${ctx.config.relatedMaxShared}) AS shared_services`,
    );
    ctx.logger.info({ ...r, step_ms: ms }, 'related companies found');
    return {
      rows: r.carriers,
      detail: {
        ...r,
        step_ms: ms,
        max_shared: ctx.config.relatedMaxShared,
        previous_standing_run: standing ? prevRun!.etl_run_id : null,
        normalised,
        idents_kept_from: keptFrom,
        moved_only: moved !== null,
      },
    };
  },
};
