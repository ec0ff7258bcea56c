/**
 * The search steps of a run's load, and the search rebuild of a full load they drive.
 *
 * The PostgreSQL search tables follow the run inside the load transaction, so a search never sees
 * another run than the rest of the API (the search-index stage catches up after the load when
 * they did not: pipeline/stages/search-index.ts). An incremental load refreshes the load's delta
 * when the index reflects the run the load is based on, else everything since the run it does
 * reflect. A full load rebuilds the tables beside itself (lib/search/pg-shadow.ts) and swaps them
 * in: DuckDB writes the tables' files, then a PostgreSQL build on a connection of its own COPYs
 * them in, while the load writes its own tables.
 *
 * One `SearchSteps` per run. On a first run (a full load for certain) DuckDB's half runs ahead of
 * the load, before the score stage (`writeFilesAhead`, pipeline/stages/plan.ts): it reads only
 * the snapshot, and the PostgreSQL half then has the whole load beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from '../context.ts';
import {
  PREBUILT_TABLES,
  buildSearchShadow,
  createSearchShadow,
  rebuildSearchIndex,
  refreshSearchIndex,
  searchIndexState,
  swapSearchShadow,
  type PrebuiltTable,
  type RefreshResult,
  type ShadowBuild,
} from '../../lib/search/index.ts';
import { duckRows, duckRun, duckSql, lit } from '../duck.ts';
import { copyFileToPg, duckToCsv } from '../pg-copy.ts';
import { servedRun } from '../runs.ts';
import type { LoadStep } from './step.ts';

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
    this.ahead = await SearchRebuild.export(ctx, ctx.tmpDir).catch((err: Error) => {
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
      const rebuild = ahead ?? (await SearchRebuild.export(tx.ctx, path.join(tx.ctx.tmpDir, 'search')));
      tx.onFailure(() => rebuild.abandon());
      this.beside = await rebuild.start(tx.ctx);
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
      if (built) {
        ctx.progress.start('search index (built beside the load)');
        r = await built.done();
        await swapSearchShadow(client, ctx.runId);
        ctx.progress.end();
      } else {
        const state = await searchIndexState(client);
        const base = await servedRun(client); // the flip to this run comes at the end of the load
        if (mode === 'full' || !state || state.etl_run_id === null) {
          r = await rebuildSearchIndex(client, ctx.runId);
        } else if (state.etl_run_id === base?.etl_run_id || state.etl_run_id === ctx.runId) {
          r = await refreshSearchIndex(client, 'load', ctx.runId);
        } else {
          r = await refreshSearchIndex(client, { since: state.etl_run_id }, ctx.runId);
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

/** The exports of the tables that leave DuckDB ordered or reshaped (arrays as PostgreSQL literals). */
const SHAPED_EXPORTS: Partial<Record<PrebuiltTable, string>> = {
  carrier_search: 'export_search_rows',
  search_postings: 'export_search_postings',
};

/**
 * A full rebuild beside the load (lib/search/pg-shadow.ts), in two halves. DuckDB derives every
 * search table but the typo dictionary from the run's snapshot (sql/duckdb/search_rows.sql,
 * search_tables.sql) into CSV files (export); a PostgreSQL build on a connection of its own COPYs
 * them in and builds the indexes (start, from the load's `startBuild` step). At 2.1M carriers PostgreSQL
 * took ~85 s of one backend to derive the rows and postings from carriers through the view
 * search_source, and ~55 s more for the counts, buckets and word counts.
 */
class SearchRebuild {
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
