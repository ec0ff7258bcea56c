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
  PREBUILT_TABLES,
  SEARCH_TABLES,
  rebuildSearchIndex,
  refreshSearchIndex,
  searchIndexState,
  type PrebuiltTable,
  type RefreshResult,
} from '../../lib/search/pg-index.ts';
import { buildSearchShadow, createSearchShadow, swapSearchShadow, type ShadowBuild } from '../../lib/search/pg-shadow.ts';
import { duckRows, duckRun, duckSql, lit } from '../duck.ts';
import type { LoadHook, Prepared } from '../load-hooks.ts';
import { copyFileToPg, duckToCsv } from '../pg-copy.ts';
import { servedRun } from '../runs.ts';
import type { Stage, StageResult } from './types.ts';

/**
 * Inside the load transaction: a full load swaps in the tables rebuilt beside it (prepare); an
 * incremental one refreshes the load's delta when the index reflects the run the load is based
 * on, else everything since the run it does reflect.
 */
export const searchLoadHook: LoadHook = {
  name: 'search',
  // A first load is full: DuckDB's half of its rebuild runs before the score stage (it reads the
  // snapshot only), the PostgreSQL half beside the load (docs/performance.md, twenty-second round).
  async early(ctx) {
    if (await servedRun(ctx.pool)) return undefined;
    // Its temp dir is its own (no stage run's, which the stage removes when it ends).
    return SearchRebuild.export(ctx, ctx.tmpDir);
  },
  async prepare({ ctx, mode, early }) {
    if (mode !== 'full') return undefined;
    const rebuild = (early as SearchRebuild | undefined) ?? (await SearchRebuild.export(ctx, path.join(ctx.tmpDir, 'search')));
    return rebuild.start(ctx);
  },
  async run({ ctx, client, mode, prepared }) {
    let r: RefreshResult;
    if (prepared) {
      ctx.progress.start('search index (built beside the load)');
      r = await (prepared as SearchRebuild).done();
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

/** The exports of the tables that leave DuckDB ordered or reshaped (arrays as PostgreSQL literals). */
const SHAPED_EXPORTS: Partial<Record<PrebuiltTable, string>> = {
  carrier_search: 'export_search_rows',
  search_postings: 'export_search_postings',
};

/**
 * A full rebuild beside the load (lib/search/pg-shadow.ts), in two halves. DuckDB derives every
 * search table but the typo dictionary from the run's snapshot (sql/duckdb/search_rows.sql,
 * search_tables.sql) into CSV files (export); a PostgreSQL build on a connection of its own COPYs
 * them in and builds the indexes (start, from the load's prepare). At 2.1M carriers PostgreSQL
 * took ~85 s of one backend to derive the rows and postings from carriers through the view
 * search_source, and ~55 s more for the counts, buckets and word counts.
 */
class SearchRebuild implements Prepared {
  private build: ShadowBuild | null = null;

  /** `dir` holds the files and is removed once the build ends or is abandoned. */
  private constructor(
    private readonly dir: string,
    private readonly labels: { label: string; bit: number }[],
  ) {}

  private file(table: PrebuiltTable): string {
    return path.join(this.dir, `${table}.csv`);
  }

  static async export(ctx: RunContext, dir: string): Promise<SearchRebuild> {
    const labels = await cargoLabelBits(ctx);
    const relation = labels.length
      ? `(SELECT * FROM (VALUES ${labels.map((l) => `(${lit(l.label)}, ${l.bit})`).join(', ')}) AS v(label, bit))`
      : '(SELECT NULL::VARCHAR AS label, NULL::INTEGER AS bit WHERE false)';
    const rebuild = new SearchRebuild(dir, labels);
    const tables = Object.keys(PREBUILT_TABLES) as PrebuiltTable[];
    ctx.progress.start('search tables');
    try {
      await duckRun(ctx.duck, duckSql('search_rows', { schema: ctx.schema, labels: relation }));
      await duckRun(ctx.duck, duckSql('search_tables', { labels: relation }));
      for (const table of tables) {
        const shaped = SHAPED_EXPORTS[table];
        await duckToCsv(ctx, shaped ? duckSql(shaped) : `SELECT ${PREBUILT_TABLES[table]} FROM temp.${table}`, rebuild.file(table));
      }
    } catch (err) {
      rebuild.removeFiles();
      throw err;
    } finally {
      for (const t of ['search_rows', ...tables.filter((t) => t !== 'carrier_search')]) await ctx.duck.run(`DROP TABLE IF EXISTS temp.${t}`);
    }
    ctx.progress.end();
    return rebuild;
  }

  /** Starts the PostgreSQL build; returns at once. */
  async start(ctx: RunContext): Promise<this> {
    await createSearchShadow(ctx.pool).catch((err: Error) => {
      this.removeFiles();
      throw err;
    });
    this.build = buildSearchShadow(ctx.pool, (client) => ({
      labels: this.labels,
      copy: (table, target) => copyFileToPg(client, this.file(table), target),
    }));
    void this.build.done.catch(() => {}).finally(() => this.removeFiles());
    return this;
  }

  /** Settles when the build committed (or failed). */
  done(): Promise<RefreshResult> {
    if (!this.build) throw new Error('search rebuild: the build was not started');
    return this.build.done;
  }

  async abandon(): Promise<void> {
    await this.build?.abandon();
    this.removeFiles();
  }

  private removeFiles(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Every cargo label of the run with its bit: the bits search_cargo_labels holds, and for labels
 * not seen before the next free ones in label order (as sql/search/labels.sql gives them), which
 * the build adds.
 */
async function cargoLabelBits(ctx: RunContext): Promise<{ label: string; bit: number }[]> {
  const known = new Map(
    (await ctx.pool.query<{ label: string; bit: number }>('SELECT label, bit FROM search_cargo_labels')).rows.map((r) => [r.label, r.bit]),
  );
  let next = Math.max(-1, ...known.values()) + 1;
  const seen = await duckRows<{ label: string }>(ctx.duck, duckSql('search_labels', { schema: ctx.schema }));
  return seen.map(({ label }) => ({ label, bit: known.get(label) ?? next++ }));
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
