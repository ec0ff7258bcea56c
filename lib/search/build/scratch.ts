/**
 * Builds from PostgreSQL's carriers (a rebuild in place; a refresh inside a load, or catching up
 * after one): the carriers (and, for a delta, the rows the index holds for them) are read out of
 * PostgreSQL into a DuckDB of the build's own, in memory, where derive.ts derives the tables as it
 * does from a run's snapshot. The reads go through the caller's client, so they see its
 * transaction (a load's carriers before it commits).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { config } from '../../config.ts';
import { copyPgToFile, duckReadCsv } from '../../duckdb-postgres-csv.ts';
import type { PoolClient } from '../../postgres.ts';
import { searchSql, searchSqlWith } from '../sql.ts';

/** The snapshot's columns the rows are derived from, as apply/input.sql reads them. */
const INPUT_COLUMNS = {
  dot_number: 'VARCHAR', carrier_status: 'VARCHAR', phy_state: 'VARCHAR', entity_type: 'VARCHAR', power_units: 'INTEGER',
  authority_status: 'VARCHAR', common_authority_date: 'DATE', cargo_carried: 'VARCHAR', legal_name: 'VARCHAR',
  dba_name: 'VARCHAR', officer_1: 'VARCHAR', officer_2: 'VARCHAR', phy_city: 'VARCHAR', carrier_operation: 'VARCHAR',
  phone: 'VARCHAR', email: 'VARCHAR', mc_number: 'VARCHAR',
};

/** carrier_search's columns as apply/old-rows.sql reads them. */
const ROW_COLUMNS = {
  id: 'INTEGER', active: 'BOOLEAN', state: 'VARCHAR', entity: 'SMALLINT', power_units: 'INTEGER', auth_since: 'DATE',
  cargo_bits: 'BIGINT', name: 'VARCHAR', name_norm: 'VARCHAR', dba_norm: 'VARCHAR', terms: 'VARCHAR', officers: 'VARCHAR',
  keys: 'VARCHAR', phone: 'VARCHAR', email: 'VARCHAR', mc: 'VARCHAR',
};

export interface Scratch {
  duck: DuckDBConnection;
  /** A directory of its own, removed with the scratch DuckDB. */
  dir: string;
}

/**
 * A scratch DuckDB's memory cap. Inside the pipeline it runs beside the pipeline's own DuckDB
 * (DUCKDB_MEMORY_LIMIT), whose memory it adds to: a night's delta needs a few MB; a rebuild in
 * place of every carrier spills to disk beyond this instead of pushing the process past its budget.
 */
const SCRATCH_MEMORY = '1GB';

/** Runs `fn` with a DuckDB in memory (the pipeline's threads), spilling under `parent`. */
export async function withScratchDuck<T>(parent: string, fn: (scratch: Scratch) => Promise<T>): Promise<T> {
  const dir = path.join(parent, `search-build-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    threads: String(config.duckdbThreads),
    memory_limit: SCRATCH_MEMORY,
    temp_directory: path.join(dir, 'duckdb'),
  });
  const duck = await instance.connect();
  try {
    await duck.run('SET preserve_insertion_order = false');
    return await fn({ duck, dir });
  } finally {
    duck.closeSync();
    instance.closeSync();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Carriers into the scratch DuckDB as the temp table search_input: every carrier, or those of
 * the temp table search_delta (`delta`).
 */
export async function readCarriers(client: PoolClient, scratch: Scratch, which: 'all' | 'delta'): Promise<void> {
  const file = path.join(scratch.dir, 'input.csv');
  await copyPgToFile(client, searchSql(which === 'all' ? 'apply/input' : 'apply/input-delta'), file);
  await scratch.duck.run(searchSqlWith('derive/input-from-pg', { csv: duckReadCsv(file, INPUT_COLUMNS) }));
  fs.rmSync(file, { force: true });
}

/** The rows the index holds for the carriers of search_delta, as the temp table search_old. */
export async function readIndexedRows(client: PoolClient, scratch: Scratch): Promise<void> {
  const file = path.join(scratch.dir, 'old.csv');
  await copyPgToFile(client, searchSql('apply/old-rows'), file);
  await scratch.duck.run(searchSqlWith('derive/old-from-pg', { csv: duckReadCsv(file, ROW_COLUMNS) }));
  fs.rmSync(file, { force: true });
}
