/**
 * index: the search indexes brought up to the served run.
 *
 * PostgreSQL (always; the default backend): `searchLoadHook` refreshes the search tables inside
 * the load transaction, so a search never sees another run than the rest of the API. This stage
 * catches up when that did not happen (hook not registered, index behind or never built): the
 * carriers written since the run the index reflects, or a full rebuild. It then VACUUMs the
 * search tables: their pages must be all-visible again for the index-only walks; and ANALYZEs
 * them after a full build.
 *
 * Meilisearch (MEILI_URL set): the carriers written or removed since the run the index last
 * reflected are pushed; the first run (or --full) builds a new index and swaps it in.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from '../context.ts';
import { sql, withTransaction } from '../../lib/db.ts';
import { MEILI_BACKEND, rebuildMeili, refreshMeili, type MeiliRefresh } from '../../lib/search/meili-index.ts';
import {
  SEARCH_TABLES,
  rebuildSearchIndex,
  refreshSearchIndex,
  searchIndexState,
  type RefreshResult,
} from '../../lib/search/pg-index.ts';
import { buildSearchShadow, createSearchShadow, SHADOW_SCHEMA, swapSearchShadow, type ShadowBuild } from '../../lib/search/pg-shadow.ts';
import type { LoadHook } from '../load-hooks.ts';
import { copyFileToPg, duckToCsv } from '../pg-copy.ts';
import { servedRun } from '../runs.ts';
import { exportSql, NOT_SCORED } from './load.ts';
import type { Stage, StageResult } from './types.ts';

/**
 * Inside the load transaction: a full load swaps in the tables rebuilt beside it (prepare); an
 * incremental one refreshes the load's delta when the index reflects the run the load is based
 * on, else everything since the run it does reflect.
 */
export const searchLoadHook: LoadHook = {
  name: 'search',
  // A first load is full: its rebuild starts before the score stage, beside it (search_source
  // reads no score or related column), where it ran beside the load only and the load waited
  // 6-34 s for it at 2.1M carriers.
  async early(ctx) {
    if (await servedRun(ctx.pool)) return undefined;
    const build = await startShadowBuild(ctx, NOT_SCORED);
    // Its temp dir is its own (no stage run's, which the stage removes when it ends).
    void build.done.catch(() => {}).finally(() => fs.rmSync(ctx.tmpDir, { recursive: true, force: true }));
    return build;
  },
  async prepare({ ctx, mode, early }) {
    if (mode !== 'full') return undefined;
    return early ?? startShadowBuild(ctx);
  },
  async run({ ctx, client, mode, prepared }) {
    let r: RefreshResult;
    if (prepared) {
      ctx.progress.start('search index (built beside the load)');
      r = await (prepared as ShadowBuild).done;
      await swapSearchShadow(client, ctx.runId);
      ctx.progress.end();
    } else {
      const state = await searchIndexState(client);
      const base = await servedRun(client); // the flip to this run comes after the hooks
      if (mode === 'full' || !state || state.etl_run_id === null) {
        r = await rebuildSearchIndex(client, ctx.runId);
      } else if (state.etl_run_id === base?.etl_run_id || state.etl_run_id === ctx.runId) {
        r = await refreshSearchIndex(client, 'load', ctx.runId);
      } else {
        r = await refreshSearchIndex(client, { since: state.etl_run_id }, ctx.runId);
      }
    }
    ctx.logger.info({ mode: r.mode, carriers: r.carriers, ms: r.ms, steps: r.steps }, 'search index refreshed');
    return r.carriers;
  },
};

/**
 * Starts the full rebuild beside the load (lib/search/pg-shadow.ts) from the run's carriers rows,
 * as the load writes them; `tables`: export_carriers.sql's score and related tables, when those
 * stages have not run yet.
 */
async function startShadowBuild(ctx: RunContext, tables?: typeof NOT_SCORED): Promise<ShadowBuild> {
  const columns = await createSearchShadow(ctx.pool);
  const file = path.join(ctx.tmpDir, 'search_source.csv');
  ctx.progress.start('export search_source');
  await duckToCsv(ctx, `SELECT ${columns.join(', ')} FROM (${exportSql(ctx, 'export_carriers', '', tables)})`, file);
  ctx.progress.end();
  return buildSearchShadow(ctx.pool, (client) => copyFileToPg(client, file, `${SHADOW_SCHEMA}.carriers (${columns.join(', ')})`));
}

export const indexSearch: Stage = {
  name: 'index',
  async run(ctx, opts = {}): Promise<StageResult> {
    const served = await servedRun(ctx.pool);
    if (!served) return { rows: 0, detail: { skipped: 'no run is served yet' } };
    const detail: Record<string, unknown> = { etl_run_id: served.etl_run_id };
    let rows = 0;

    ctx.progress.start('search index (PostgreSQL)');
    const state = await searchIndexState(ctx.pool);
    let pg: RefreshResult | null = null;
    if (opts.full || !state || state.etl_run_id === null || state.etl_run_id > served.etl_run_id) {
      pg = await withTransaction(ctx.pool, (c) => rebuildSearchIndex(c, served.etl_run_id));
    } else if (state.etl_run_id < served.etl_run_id) {
      const since = state.etl_run_id;
      pg = await withTransaction(ctx.pool, (c) => refreshSearchIndex(c, { since }, served.etl_run_id));
    }
    const vacuumStarted = Date.now();
    // Statistics after a full build only: a nightly refresh (~1 % of the carriers) moves none
    // that a plan depends on, and sampling the tables again cost 1.5 s of this stage at 2.1M;
    // autovacuum analyzes a table once 10 % of its rows changed.
    const analyze = pg ? pg.mode === 'full' : (state?.full_build ?? true);
    // Two workers vacuum the indexes of a table in parallel (about halves it on carrier_search),
    // and two tables are vacuumed at a time, the two large ones first: a VACUUM's pass over the
    // heap is one process, and after a full build (nothing to remove from the indexes) it is most
    // of the work.
    const vacuumed: Record<string, number> = {};
    const queue = [...SEARCH_TABLES];
    const lane = async () => {
      for (let table = queue.shift(); table !== undefined; table = queue.shift()) {
        const started = Date.now();
        await ctx.pool.query(`VACUUM (${analyze ? 'ANALYZE, ' : ''}PARALLEL 2) ${table}`);
        vacuumed[table] = Date.now() - started;
      }
    };
    await Promise.all([lane(), lane()]);
    detail.postgres = { ...(pg ?? { mode: 'up to date' }), vacuum_ms: Date.now() - vacuumStarted, vacuum_table_ms: vacuumed, analyzed: analyze };
    rows += pg?.carriers ?? 0;
    ctx.progress.end(pg ? `${pg.mode}, ${pg.carriers.toLocaleString('en-US')} carriers` : 'up to date');

    if (ctx.config.meiliUrl) {
      ctx.progress.start('search index (Meilisearch)');
      const mstate = await searchIndexState(ctx.pool, MEILI_BACKEND);
      let m: MeiliRefresh | null = null;
      if (opts.full || !mstate || mstate.etl_run_id === null || mstate.etl_run_id > served.etl_run_id) {
        m = await rebuildMeili(ctx.config, ctx.pool, (done) => ctx.progress.update(done));
      } else if (mstate.etl_run_id < served.etl_run_id) {
        m = await refreshMeili(ctx.config, ctx.pool, mstate.etl_run_id);
      }
      if (m) {
        await ctx.pool.query(sql('search/state_set'), [MEILI_BACKEND, served.etl_run_id, m.mode === 'full', new Date()]);
        rows += m.upserted + m.deleted;
      }
      detail.meilisearch = m ?? { mode: 'up to date' };
      ctx.progress.end(m ? `${m.mode}, ${(m.upserted + m.deleted).toLocaleString('en-US')} documents` : 'up to date');
    }
    return { rows, detail };
  },
};
