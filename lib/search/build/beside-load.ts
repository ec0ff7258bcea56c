/**
 * A full rebuild beside a run's load, in two halves. DuckDB derives the tables from the run's
 * snapshot into CSV files (derive.ts, on the pipeline's connection: it reads only the snapshot, so
 * a first run does it before its score stage); a PostgreSQL build on a connection of its own
 * COPYs them into the schema of shadow.ts while the load writes its own tables, and the load
 * swaps them in.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Pool } from '../../postgres.ts';
import type { RefreshResult } from './apply.ts';
import { deriveSearchTables, installMacros, removeDerivedFiles, type DerivedFiles } from './derive.ts';
import { cargoLabels } from './labels.ts';
import { buildSearchShadow, createSearchShadow, type ShadowBuild } from './shadow.ts';

export class SearchRebuild {
  private build: ShadowBuild | null = null;

  private constructor(private readonly files: DerivedFiles) {}

  /**
   * DuckDB's half: the tables of every carrier of `snapshot` (a relation of `duck`) as files in
   * `dir`, which is removed once the build ends or is abandoned.
   */
  static async derive(duck: DuckDBConnection, pool: Pool, snapshot: string, dir: string): Promise<SearchRebuild> {
    await installMacros(duck);
    const labels = await cargoLabels(pool, duck, snapshot);
    return new SearchRebuild(await deriveSearchTables(duck, { input: snapshot, labels, dir, mode: 'full' }));
  }

  /** Starts PostgreSQL's half; returns at once. */
  async start(pool: Pool): Promise<this> {
    await createSearchShadow(pool).catch((err: Error) => {
      removeDerivedFiles(this.files);
      throw err;
    });
    this.build = buildSearchShadow(pool, this.files);
    void this.build.done.catch(() => {}).finally(() => removeDerivedFiles(this.files));
    return this;
  }

  /** Settles when the build committed (or failed). */
  done(): Promise<RefreshResult> {
    if (!this.build) throw new Error('search rebuild: the build was not started');
    return this.build.done;
  }

  async abandon(): Promise<void> {
    await this.build?.abandon();
    removeDerivedFiles(this.files);
  }
}
