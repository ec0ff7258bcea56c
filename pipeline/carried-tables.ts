/**
 * Carried tables: the tables a run mostly carries over from the previous run live in DuckDB
 * files of their own, its run files, one per run and stage
 * (`<DUCKDB_PATH>.runs/r<run>.<name>.duckdb`, attached as `r<run>_<name>`), with a view
 * `r<run>.<table>` over each table, so every query reads them like the run's other tables. Five
 * of them: the ingest stage's line sums (pipeline/input-delta.ts) and Motus state
 * (pipeline/ingest/motus.ts); the snapshot stage's snapshot, policies, row hashes and policy
 * events; the related stage's normalised identifiers; the score stage's scores. A night changes
 * few of their rows.
 *
 * Why: the run gets its tables by copying the previous run's file (a file copy) and then deleting
 * and inserting the rows that changed. Writing the kept rows into tables of the run's own took
 * most of those stages' time: DuckDB spends it compressing what it writes, not on the disk
 * (docs/performance.md).
 *
 * A stage that writes a run file starts it again each time (openRunFile), so a rerun does what
 * the first run did. The files go with their run (dropRunFiles: a fresh attempt of the run, and
 * the pruning of old runs after a load).
 *
 * DuckDB does not give back the space of deleted rows, so a carried file grows by the rows that
 * changed, every night. Each file counts the copies it descends from (its generation); after
 * MAX_GENERATIONS copies the table is written anew, compacted, once a week of nightly runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Config } from '../lib/config.ts';
import { lit, runSchema } from './duck.ts';

/** The run files, by name, and the tables each holds (those of one stage, carried together). */
const RUN_FILES = {
  input: ['line_sums'],
  motus: ['motus_carrier_state', 'motus_insurance_state', 'motus_inshist_state', 'motus_authhist_state', 'motus_revocation_state', 'motus_as_of'],
  snapshot: ['snapshot', 'policies', 'row_hashes', 'policy_events'],
  related_idents: ['related_idents'],
  scores: ['scores'],
} as const;
export type RunFileName = keyof typeof RUN_FILES;

/** The tables of run file `name`. */
export const runFileTables = <N extends RunFileName>(name: N): (typeof RUN_FILES)[N] => RUN_FILES[name];

const FILE_NAME = /^r([1-9][0-9]*)\.([a-z_]+)\.duckdb$/;

/** Copies in a row before a table is written from scratch again (see above). */
export const MAX_GENERATIONS = 7;

export const runFilesDir = (config: Pick<Config, 'duckdbPath'>): string => `${config.duckdbPath}.runs`;

export const runFilePath = (config: Pick<Config, 'duckdbPath'>, runId: number, name: RunFileName): string =>
  path.join(runFilesDir(config), `${runSchema(runId)}.${name}.duckdb`);

/** The catalog a run file is attached as. */
export const runFileCatalog = (runId: number, name: RunFileName): string => `${runSchema(runId)}_${name}`;

/** The run files on disk: run id and name. */
function listRunFiles(config: Pick<Config, 'duckdbPath'>): { runId: number; name: RunFileName; file: string }[] {
  const dir = runFilesDir(config);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((name) => {
    const m = FILE_NAME.exec(name);
    const file = (Object.keys(RUN_FILES) as RunFileName[]).find((f) => f === m?.[2]);
    return m && file ? [{ runId: Number(m[1]), name: file, file: path.join(dir, name) }] : [];
  });
}

/**
 * Attaches every run file (at open: the runs' views read them). A view whose file is gone (the
 * folder removed without the DuckDB file) is dropped: the stages then say which stage of which
 * run to run again, where the view would fail with a catalog error.
 */
export async function attachRunFiles(conn: DuckDBConnection, config: Pick<Config, 'duckdbPath'>): Promise<void> {
  const attached = new Set<string>();
  for (const f of listRunFiles(config)) {
    const catalog = runFileCatalog(f.runId, f.name);
    await conn.run(`ATTACH IF NOT EXISTS ${lit(f.file)} AS ${catalog}`);
    attached.add(catalog);
  }
  const views = await conn.runAndReadAll(
    `SELECT schema_name, view_name, sql FROM duckdb_views()
     WHERE database_name = current_database() AND NOT internal AND regexp_full_match(schema_name, 'r[0-9]+')`,
  );
  for (const [schema, view, text] of views.getRows() as [string, string, string][]) {
    const catalog = /\bFROM (r[0-9]+_[a-z_]+)\./.exec(text)?.[1];
    if (catalog && !attached.has(catalog)) await conn.run(`DROP VIEW ${schema}.${view}`);
  }
}

/** Whether the run has its run file `name` (written by a stage of this code). */
export function hasRunFile(config: Pick<Config, 'duckdbPath'>, runId: number, name: RunFileName): boolean {
  return fs.existsSync(runFilePath(config, runId, name));
}

async function removeRunFile(conn: DuckDBConnection, config: Pick<Config, 'duckdbPath'>, runId: number, name: RunFileName): Promise<void> {
  await conn.run(`DETACH DATABASE IF EXISTS ${runFileCatalog(runId, name)}`);
  const file = runFilePath(config, runId, name);
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
 * Starts the run's file `name` again and returns the catalog to write its tables in: with a
 * copy of run `carryFrom`'s tables (its file copied; written again, compacted, when that file is
 * MAX_GENERATIONS copies old), or empty when `carryFrom` is null. Drops the run's views until
 * publishRunFile.
 */
export async function openRunFile(
  ctx: { duck: DuckDBConnection; config: Pick<Config, 'duckdbPath'>; runId: number },
  name: RunFileName,
  carryFrom: number | null,
): Promise<string> {
  const { duck, config, runId } = ctx;
  for (const t of RUN_FILES[name]) await dropRelation(duck, runSchema(runId), t);
  await removeRunFile(duck, config, runId, name);
  fs.mkdirSync(runFilesDir(config), { recursive: true });
  const file = runFilePath(config, runId, name);
  const catalog = runFileCatalog(runId, name);
  const from = carryFrom === null ? null : runFileCatalog(carryFrom, name);
  let generation = 0;
  if (from !== null) {
    const [[previous]] = (await duck.runAndReadAll(`SELECT generation FROM ${from}.run_file`)).getRows() as [[number]];
    if (previous < MAX_GENERATIONS) {
      generation = previous + 1;
      // Everything of the previous run's file into the file itself (no WAL beside it), then copy.
      await duck.run(`CHECKPOINT ${from}`);
      fs.copyFileSync(runFilePath(config, carryFrom!, name), file);
    }
  }
  await duck.run(`ATTACH ${lit(file)} AS ${catalog} (STORAGE_VERSION 'latest')`);
  if (from !== null && generation === 0) {
    for (const t of RUN_FILES[name]) await duck.run(`CREATE TABLE ${catalog}.${t} AS SELECT * FROM ${from}.${t}`);
  }
  await duck.run(`CREATE OR REPLACE TABLE ${catalog}.run_file AS SELECT ${generation} AS generation`);
  return catalog;
}

/** The run's views `r<run>.<table>` over its file's tables, once they are written. */
export async function publishRunFile(ctx: { duck: DuckDBConnection; runId: number }, name: RunFileName): Promise<void> {
  const catalog = runFileCatalog(ctx.runId, name);
  await ctx.duck.run(`CHECKPOINT ${catalog}`);
  for (const t of RUN_FILES[name]) {
    await ctx.duck.run(`CREATE OR REPLACE VIEW ${runSchema(ctx.runId)}.${t} AS SELECT * FROM ${catalog}.${t}`);
  }
}

/** Removes the run files of runs not in `keep` (all of one run's when `keep` is a run id's complement). */
export async function dropRunFiles(conn: DuckDBConnection, config: Pick<Config, 'duckdbPath'>, drop: (runId: number) => boolean): Promise<number[]> {
  const dropped = new Set<number>();
  // The ingest stage's delta files (pipeline/input-delta.ts), a folder per run.
  const dir = runFilesDir(config);
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const m = /^r([1-9][0-9]*)\.delta$/.exec(name);
    if (m && drop(Number(m[1]))) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  for (const f of listRunFiles(config)) {
    if (!drop(f.runId)) continue;
    await removeRunFile(conn, config, f.runId, f.name);
    dropped.add(f.runId);
  }
  return [...dropped];
}
