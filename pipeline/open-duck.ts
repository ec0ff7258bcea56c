/**
 * The pipeline's DuckDB: one file (config.duckdbPath), one connection per process, with the run
 * files of pipeline/carried-tables.ts attached. Built-in extensions only (nothing may download
 * at run time).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Config } from '../lib/config.ts';
import { attachRunFiles } from './carried-tables.ts';
import { duckSql } from './duck.ts';

export interface Duck {
  conn: DuckDBConnection;
  close: () => void;
}

export async function openDuck(config: Config): Promise<Duck> {
  fs.mkdirSync(path.dirname(config.duckdbPath), { recursive: true });
  const tempDir = path.join(config.dataDir, 'tmp', 'duckdb');
  fs.mkdirSync(tempDir, { recursive: true });
  const instance = await DuckDBInstance.create(config.duckdbPath, {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    threads: String(config.duckdbThreads),
    memory_limit: config.duckdbMemoryLimit,
    temp_directory: tempDir,
    // A new file gets the storage format of the DuckDB we pin, not v0.10.2 (DuckDB's default,
    // readable by older releases, which nothing here needs): its tables are written faster and
    // take less space (docs/performance.md). A file keeps the format it was created with.
    storage_compatibility_version: 'latest',
  });
  const conn = await instance.connect();
  // Progress is tracked for polling (the CLI draws it); DuckDB itself must not print. Row order
  // is never relied on (every export sorts), so tables are written in parallel, unordered.
  await conn.run(
    'SET enable_progress_bar = true; SET enable_progress_bar_print = false; SET preserve_insertion_order = false',
  );
  await conn.run(duckSql('macros'));
  // Before any query: the runs' views over their run files read the attached files.
  await attachRunFiles(conn, config);
  return {
    conn,
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}
