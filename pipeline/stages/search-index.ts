/**
 * search-index: the search indexes brought up to the served run.
 *
 * PostgreSQL (always; the default backend): the load's search steps (pipeline/load-plan/search.ts)
 * refresh the search tables inside the load transaction, so a search never sees another run than
 * the rest of the API. This stage catches up when that did not happen (a load without them, index
 * behind or never built): the carriers written since the run the index reflects, or a full
 * rebuild. It then VACUUMs the search tables: their pages must be all-visible again for the
 * index-only walks; and ANALYZEs them after a full build.
 *
 * Meilisearch (MEILI_URL set): the carriers written or removed since the run the index last
 * reflected are pushed; the first run (or --full) builds a new index and swaps it in.
 */
import { withTransaction } from '../../lib/postgres.ts';
import {
  MEILI_BACKEND,
  SEARCH_TABLES,
  rebuildMeili,
  rebuildSearchIndex,
  refreshMeili,
  refreshSearchIndex,
  searchIndexState,
  setSearchIndexState,
  type MeiliRefresh,
  type RefreshResult,
} from '../../lib/search/index.ts';
import { servedRun } from '../etl-runs.ts';
import type { Stage, StageResult } from './types.ts';

export const searchIndex: Stage = {
  name: 'search-index',
  async run(ctx, opts = {}): Promise<StageResult> {
    const served = await servedRun(ctx.pool);
    if (!served) return { rows: 0, detail: { skipped: 'no run is served yet' } };
    const detail: Record<string, unknown> = { etl_run_id: served.etl_run_id };
    let rows = 0;

    ctx.progress.start('search index (PostgreSQL)');
    const state = await searchIndexState(ctx.pool);
    let pg: RefreshResult | null = null;
    const scratch = { scratchDir: ctx.tmpDir || undefined };
    if (opts.full || !state || state.etl_run_id === null || state.etl_run_id > served.etl_run_id) {
      pg = await withTransaction(ctx.pool, (c) => rebuildSearchIndex(c, served.etl_run_id, scratch));
    } else if (state.etl_run_id < served.etl_run_id) {
      const since = state.etl_run_id;
      pg = await withTransaction(ctx.pool, (c) => refreshSearchIndex(c, { since }, served.etl_run_id, scratch));
    }
    const vacuumStarted = Date.now();
    // Statistics after a full build only: a nightly refresh (~1 % of the carriers) moves none
    // that a plan depends on, and sampling the tables again would lengthen every night's stage;
    // autovacuum analyzes a table once 10 % of its rows changed.
    const analyze = pg ? pg.mode === 'full' : (state?.full_build ?? true);
    // Two workers vacuum the indexes of a table in parallel, and two tables are vacuumed at a
    // time, the two large ones first: a VACUUM's pass over the heap is one process, and after a
    // full build (nothing to remove from the indexes) it is most of the work.
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
        await setSearchIndexState(ctx.pool, MEILI_BACKEND, served.etl_run_id, m.mode === 'full');
        rows += m.upserted + m.deleted;
      }
      detail.meilisearch = m ?? { mode: 'up to date' };
      ctx.progress.end(m ? `${m.mode}, ${(m.upserted + m.deleted).toLocaleString('en-US')} documents` : 'up to date');
    }
    return { rows, detail };
  },
};
