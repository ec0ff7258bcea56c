/**
 * The search steps of a run's load (the build itself: lib/search/build/).
 *
 * The PostgreSQL search tables follow the run inside the load transaction, so a search never sees
 * another run than the rest of the API (the search-index stage catches up after the load when
 * they did not: pipeline/stages/search-index.ts). An incremental load refreshes the load's delta
 * when the index reflects the run the load is based on, else everything since the run it does
 * reflect. A full load rebuilds the tables beside itself and swaps them in (SearchRebuild: DuckDB
 * derives the tables from the run's snapshot, then a PostgreSQL build on a connection of its own
 * COPYs them in while the load writes its own tables).
 *
 * One `SearchSteps` per run. On a first run (a full load for certain) DuckDB's half runs ahead of
 * the load, before the score stage (`writeFilesAhead`, pipeline/stages/plan.ts): it reads only
 * the snapshot, and the PostgreSQL half then has the whole load beside it.
 */
import path from 'node:path';
import type { RunContext } from '../context.ts';
import {
  SearchRebuild,
  rebuildSearchIndex,
  refreshSearchIndex,
  searchIndexState,
  swapSearchShadow,
  type RefreshResult,
} from '../../lib/search/index.ts';
import { servedRun } from '../etl-runs.ts';
import type { LoadStep } from './step.ts';

/** DuckDB's half of a full rebuild from the run's snapshot, its files in `dir`. */
async function deriveFromSnapshot(ctx: RunContext, dir: string): Promise<SearchRebuild> {
  ctx.progress.start('search tables');
  const rebuild = await SearchRebuild.derive(ctx.duck, ctx.pool, `${ctx.schema}.snapshot`, dir);
  ctx.progress.end();
  return rebuild;
}

export class SearchSteps {
  /** The files DuckDB wrote ahead of the load, until the load takes them over or the run fails. */
  private ahead: SearchRebuild | undefined;
  /** The build started beside this run's full load, until the load swaps it in. */
  private beside: SearchRebuild | undefined;

  /**
   * A first run's DuckDB half, begun before the score stage (not a stage: nothing recorded). A
   * failure here is none of the run's: the load's `startBuild` writes the files then.
   */
  async writeFilesAhead(ctx: RunContext): Promise<void> {
    if (await servedRun(ctx.pool)) return;
    // Its temp dir is its own (no stage run's, which the stage removes when it ends).
    this.ahead = await deriveFromSnapshot(ctx, ctx.tmpDir).catch((err: Error) => {
      ctx.logger.warn({ err: err.message }, 'search files not written ahead of the load');
      return undefined;
    });
  }

  /**
   * Load step, first in the transaction: a full load starts the PostgreSQL build beside itself
   * (from the files written ahead, or from files DuckDB writes now), so that the load's exports and
   * writes overlap it. An incremental load drops files written ahead: it refreshes in place.
   */
  readonly startBuild: LoadStep = {
    name: 'search-build',
    run: async (tx) => {
      const ahead = this.ahead;
      this.ahead = undefined;
      if (tx.mode !== 'full') {
        await ahead?.abandon();
        return;
      }
      const rebuild = ahead ?? (await deriveFromSnapshot(tx.ctx, path.join(tx.ctx.tmpDir, 'search')));
      tx.onFailure(() => rebuild.abandon());
      this.beside = await rebuild.start(tx.ctx.pool);
      return { search_files_ahead: ahead !== undefined };
    },
  };

  /**
   * Load step, once carriers hold the run: a full load swaps in the tables built beside it; an
   * incremental one refreshes the search tables in the transaction.
   */
  readonly swapOrRefresh: LoadStep = {
    name: 'search',
    run: async ({ ctx, client, mode }) => {
      let r: RefreshResult;
      const built = this.beside;
      this.beside = undefined;
      const scratch = { scratchDir: ctx.tmpDir || undefined };
      if (built) {
        ctx.progress.start('search index (built beside the load)');
        r = await built.done();
        await swapSearchShadow(client, ctx.runId);
        ctx.progress.end();
      } else {
        const state = await searchIndexState(client);
        const base = await servedRun(client); // the flip to this run comes at the end of the load
        if (mode === 'full' || !state || state.etl_run_id === null) {
          r = await rebuildSearchIndex(client, ctx.runId, scratch);
        } else if (state.etl_run_id === base?.etl_run_id || state.etl_run_id === ctx.runId) {
          r = await refreshSearchIndex(client, 'load', ctx.runId, scratch);
        } else {
          r = await refreshSearchIndex(client, { since: state.etl_run_id }, ctx.runId, scratch);
        }
      }
      ctx.logger.info({ mode: r.mode, carriers: r.carriers, ms: r.ms, steps: r.steps }, 'search index refreshed');
      return { search: r.carriers };
    },
  };

  /** Drops the files written ahead that no load took over (a stage before the load failed). */
  async abandon(): Promise<void> {
    const ahead = this.ahead;
    this.ahead = undefined;
    await ahead?.abandon();
  }
}
