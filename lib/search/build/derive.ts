/**
 * DuckDB's half of the build: the one derivation of the search tables (lib/search/sql/derive/),
 * from carriers in DuckDB — a run's snapshot (the pipeline's full rebuild) or carriers read from
 * PostgreSQL (scratch.ts: a rebuild in place, a nightly refresh) — written as CSV files that
 * PostgreSQL's half (apply.ts) takes in. A full build derives every row; a delta derives its
 * carriers' rows and sets them against those the index holds (signed-changes.sql), and the same
 * tables.sql turns either into the tables' contents or their changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { PoolClient } from '../../postgres.ts';
import { copyFileToPg, duckToCsvFile } from '../../duckdb-postgres-csv.ts';
import { ENTITY_TYPES_SQL } from '../entity-codes.ts';
import { NORMALISER_SQL } from '../normalise.ts';
import { searchSql, searchSqlWith } from '../sql.ts';
import { labelRelation, type CargoLabel } from './labels.ts';
import { PREBUILT_TABLES, type PrebuiltTable } from './tables.ts';

/** The build's macros (derive/macros.sql), on the connection that derives. */
export async function installMacros(duck: DuckDBConnection): Promise<void> {
  await duck.run(searchSqlWith('derive/macros', { ...NORMALISER_SQL, entity_types: ENTITY_TYPES_SQL }));
}

/** The files of one derivation, one per PREBUILT_TABLES table, in `dir`. */
export interface DerivedFiles {
  /** full: the tables' rows; changes: rows and postings signed, counts as changes. */
  mode: 'full' | 'changes';
  dir: string;
  labels: CargoLabel[];
}

const derivedFile = (files: DerivedFiles, table: PrebuiltTable): string => path.join(files.dir, `${table}.csv`);

/** The export of each table that leaves DuckDB ordered, reshaped or signed. */
const EXPORTS: Record<DerivedFiles['mode'], Partial<Record<PrebuiltTable, string>>> = {
  full: { carrier_search: 'derive/export-rows', search_postings: 'derive/export-postings' },
  changes: { carrier_search: 'derive/export-row-changes', search_postings: 'derive/export-posting-changes' },
};

const TEMP_TABLES = ['search_rows', ...Object.keys(PREBUILT_TABLES).filter((t) => t !== 'carrier_search')];

/**
 * Derives the search tables of the carriers of `input` (a DuckDB relation with the snapshot's
 * columns) into files in `dir`: every row (`full`), or the changes against the rows the index
 * holds for them (`changes`: the temp table search_old, old-from-pg.sql).
 */
export async function deriveSearchTables(
  duck: DuckDBConnection,
  opts: { input: string; labels: CargoLabel[]; dir: string; mode: DerivedFiles['mode'] },
): Promise<DerivedFiles> {
  const labels = labelRelation(opts.labels);
  const files: DerivedFiles = { mode: opts.mode, dir: opts.dir, labels: opts.labels };
  try {
    await installMacros(duck);
    await duck.run(searchSqlWith('derive/rows', { input: opts.input, labels }));
    await duck.run(searchSql(opts.mode === 'full' ? 'derive/signed-all' : 'derive/signed-changes'));
    await duck.run(searchSqlWith('derive/tables', { labels }));
    for (const table of Object.keys(PREBUILT_TABLES) as PrebuiltTable[]) {
      const shaped = EXPORTS[opts.mode][table];
      await duckToCsvFile(duck, shaped ? searchSql(shaped) : `SELECT ${PREBUILT_TABLES[table]} FROM temp.${table}`, derivedFile(files, table));
    }
  } catch (err) {
    removeDerivedFiles(files);
    throw err;
  } finally {
    // search_signed is a view over search_rows in a full build, a table of its own in a delta's.
    await duck.run(`DROP ${opts.mode === 'full' ? 'VIEW' : 'TABLE'} IF EXISTS temp.search_signed`);
    for (const t of TEMP_TABLES) await duck.run(`DROP TABLE IF EXISTS temp.${t}`);
  }
  return files;
}

export function removeDerivedFiles(files: DerivedFiles): void {
  fs.rmSync(files.dir, { recursive: true, force: true });
}

/** COPYs a derived table's file into `target` (a table with its PREBUILT_TABLES columns); the rows copied. */
export const copyDerived = (client: PoolClient, files: DerivedFiles, table: PrebuiltTable, target: string): Promise<number> =>
  copyFileToPg(client, derivedFile(files, table), target);
