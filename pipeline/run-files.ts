/**
 * Run files: a table a run mostly carries over from the previous run (the normalised related
 * identifiers: 8.5M rows at 2.1M carriers, ~1 % of them changing a night) lives in a DuckDB file
 * of its own, one per run and table (`<DUCKDB_PATH>.runs/r<run>.<table>.duckdb`, attached as
 * `r<run>_<table>`), with a view `r<run>.<table>` over it, so every query reads it like the run's
 * other tables.
 *
 * Why: the run gets its table by copying the previous run's file (a file copy: ~0.1 s for 220 MB)
 * and then deleting and inserting the rows that changed. Writing the kept rows into a table of
 * the run's own took most of the stage: at 2.1M carriers the identifiers step went 6.3 → 1.6 s
 * (DuckDB spends that time compressing what it writes, not on the disk).
 *
 * A stage that writes a run file starts it again each time (openRunFile), so a rerun does what
 * the first run did. The files go with their run (dropRunFiles: a fresh attempt of the run, and
 * the pruning of old runs after a load).
 *
 * DuckDB does not give back the space of deleted rows, so a carried file grows by the rows that
 * changed (~5 % a night for the identifiers). Each file counts the copies it descends from (its
 * generation); after MAX_GENERATIONS copies the table is written anew, compacted (~5 s at 2.1M),
 * once a week of nightly runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Config } from '../lib/config.ts';
import { lit, runSchema } from './duck.ts';

/** The tables that live in run files. */
const RUN_FILE_TABLES = ['related_idents'] as const;
export type RunFileTable = (typeof RUN_FILE_TABLES)[number];

const FILE_NAME = /^r([1-9][0-9]*)\.([a-z_]+)\.duckdb$/;

/** Copies in a row before a table is written from scratch again (see above). */
export const MAX_GENERATIONS = 7;

export const runFilesDir = (config: Pick<Config, 'duckdbPath'>): string => `${config.duckdbPath}.runs`;

export const runFilePath = (config: Pick<Config, 'duckdbPath'>, runId: number, table: RunFileTable): string =>
  path.join(runFilesDir(config), `${runSchema(runId)}.${table}.duckdb`);

/** The catalog a run file is attached as. */
export const runFileCatalog = (runId: number, table: RunFileTable): string => `${runSchema(runId)}_${table}`;

/** The run files on disk: run id and table. */
function listRunFiles(config: Pick<Config, 'duckdbPath'>): { runId: number; table: RunFileTable; file: string }[] {
  const dir = runFilesDir(config);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((name) => {
    const m = FILE_NAME.exec(name);
    const table = RUN_FILE_TABLES.find((t) => t === m?.[2]);
    return m && table ? [{ runId: Number(m[1]), table, file: path.join(dir, name) }] : [];
  });
}

/** Attaches every run file (at open: the runs' views read them). */
export async function attachRunFiles(conn: DuckDBConnection, config: Pick<Config, 'duckdbPath'>): Promise<void> {
  for (const f of listRunFiles(config)) {
    await conn.run(`ATTACH IF NOT EXISTS ${lit(f.file)} AS ${runFileCatalog(f.runId, f.table)}`);
  }
}

/** Whether the run has its file for `table` (written by a stage of this code). */
export function hasRunFile(config: Pick<Config, 'duckdbPath'>, runId: number, table: RunFileTable): boolean {
  return fs.existsSync(runFilePath(config, runId, table));
}

async function removeRunFile(conn: DuckDBConnection, config: Pick<Config, 'duckdbPath'>, runId: number, table: RunFileTable): Promise<void> {
  await conn.run(`DETACH DATABASE IF EXISTS ${runFileCatalog(runId, table)}`);
  const file = runFilePath(config, runId, table);
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.wal`, { force: true });
}

/** Drops `schema.name`, a table or a view, if it exists (DuckDB's DROP names the kind). */
async function dropRelation(conn: DuckDBConnection, schema: string, name: string): Promise<void> {
  const reader = await conn.runAndReadAll(
    `SELECT 'VIEW' FROM duckdb_views() WHERE database_name = current_database() AND schema_name = ${lit(schema)} AND view_name = ${lit(name)}
     UNION ALL
     SELECT 'TABLE' FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = ${lit(schema)} AND table_name = ${lit(name)}`,
  );
  for (const [kind] of reader.getRows()) await conn.run(`DROP ${kind} ${schema}.${name}`);
}

/**
 * Starts the run's file for `table` again and returns the catalog to write the table in: with a
 * copy of run `carryFrom`'s table (its file copied; written again, compacted, when that file is
 * MAX_GENERATIONS copies old), or empty when `carryFrom` is null. Drops the run's view until
 * publishRunFile.
 */
export async function openRunFile(
  ctx: { duck: DuckDBConnection; config: Pick<Config, 'duckdbPath'>; runId: number },
  table: RunFileTable,
  carryFrom: number | null,
): Promise<string> {
  const { duck, config, runId } = ctx;
  await dropRelation(duck, runSchema(runId), table);
  await removeRunFile(duck, config, runId, table);
  fs.mkdirSync(runFilesDir(config), { recursive: true });
  const file = runFilePath(config, runId, table);
  const catalog = runFileCatalog(runId, table);
  const from = carryFrom === null ? null : runFileCatalog(carryFrom, table);
  let generation = 0;
  if (from !== null) {
    const [[previous]] = (await duck.runAndReadAll(`SELECT generation FROM ${from}.run_file`)).getRows() as [[number]];
    if (previous < MAX_GENERATIONS) {
      generation = previous + 1;
      // Everything of the previous run's file into the file itself (no WAL beside it), then copy.
      await duck.run(`CHECKPOINT ${from}`);
      fs.copyFileSync(runFilePath(config, carryFrom!, table), file);
    }
  }
  await duck.run(`ATTACH ${lit(file)} AS ${catalog} (STORAGE_VERSION 'latest')`);
  if (from !== null && generation === 0) await duck.run(`CREATE TABLE ${catalog}.${table} AS SELECT * FROM ${from}.${table}`);
  await duck.run(`CREATE OR REPLACE TABLE ${catalog}.run_file AS SELECT ${generation} AS generation`);
  return catalog;
}

/** The run's view `r<run>.<table>` over its file's table, once the table is written. */
export async function publishRunFile(ctx: { duck: DuckDBConnection; runId: number }, table: RunFileTable): Promise<void> {
  const catalog = runFileCatalog(ctx.runId, table);
  await ctx.duck.run(`CHECKPOINT ${catalog}`);
  await ctx.duck.run(`CREATE OR REPLACE VIEW ${runSchema(ctx.runId)}.${table} AS SELECT * FROM ${catalog}.${table}`);
}

/** Removes the run files of runs not in `keep` (all of one run's when `keep` is a run id's complement). */
export async function dropRunFiles(conn: DuckDBConnection, config: Pick<Config, 'duckdbPath'>, drop: (runId: number) => boolean): Promise<number[]> {
  const dropped = new Set<number>();
  for (const f of listRunFiles(config)) {
    if (!drop(f.runId)) continue;
    await removeRunFile(conn, config, f.runId, f.table);
    dropped.add(f.runId);
  }
  return [...dropped];
}
