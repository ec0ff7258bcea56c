/**
 * Shared pieces of the pipeline tests: a pipeline environment on a test database with its own
 * DuckDB file, copies of the fixture dumps to break, and table dumps to compare.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { config } from '../lib/config.ts';
import { afterAll, beforeAll } from 'vitest';
import type { Pool } from '../lib/postgres.ts';
import { rebuildSearchIndex, SEARCH_TABLES } from '../lib/search/index.ts';
import { openPipeline, type PipelineEnv } from '../pipeline/context.ts';
import { silentProgress } from '../pipeline/progress.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';

export const FIXTURES = path.resolve(import.meta.dirname, 'fixtures', 'dumps');

export interface TestPipeline extends PipelineEnv {
  dir: string;
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** A pipeline on `pool` with a fresh DuckDB file and data dir (removed by close()). */
export async function testPipeline(pool: Pool, dir = tempDir('pipeline-test-')): Promise<TestPipeline> {
  const cfg = { ...config, dataDir: dir, duckdbPath: path.join(dir, 'pipeline.duckdb') };
  const env = await openPipeline(cfg, { pool, progress: silentProgress });
  return { ...env, dir };
}

/**
 * A fresh database and a pipeline on it for the calling suite: made before its tests, closed and
 * dropped after them. Read `t.db` and `t.env` inside the tests.
 */
export function suitePipeline(): { db: TestDatabase; env: TestPipeline } {
  const t = {} as { db: TestDatabase; env: TestPipeline };
  beforeAll(async () => {
    t.db = await freshDatabase();
    t.env = await testPipeline(t.db.pool);
  });
  afterAll(async () => {
    await t.env?.close();
    await t.db?.drop();
  });
  return t;
}

/** Copies fixture day folders (e.g. 'two-days/2026-03-01') into a fresh folder of day folders. */
export function copyDays(...days: string[]): string {
  const root = tempDir('pipeline-dumps-');
  for (const d of days) fs.cpSync(path.join(FIXTURES, d), path.join(root, path.basename(d)), { recursive: true });
  return root;
}

/** Rewrites one line (1-based) of a file. */
export function editLine(file: string, line: number, edit: (text: string) => string): void {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines[line - 1] = edit(lines[line - 1]);
  fs.writeFileSync(file, lines.join('\n'));
}

/** Every search table as its row count and a hash of its rows (lib/search/build/tables.ts SEARCH_TABLES). */
export async function searchTablesOf(from: Pick<Pool, 'query'>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of SEARCH_TABLES) {
    const { rows } = await from.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${t} t`);
    out[t] = `${rows[0].n} ${rows[0].h}`;
  }
  return out;
}

/** searchTablesOf after a full rebuild in place (rebuildSearchIndex as of `runId`), rolled back. */
export async function rebuiltInPlace(pool: Pool, runId: number): Promise<Record<string, string>> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await rebuildSearchIndex(client, runId);
    return await searchTablesOf(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The served tables without the columns that say which run wrote a row. */
export async function servedTables(pool: Pool) {
  const carriers = (await pool.query('SELECT * FROM carriers ORDER BY dot_number::bigint')).rows.map((r) => {
    const { etl_run_id: _r, updated_at: _u, ...rest } = r;
    return rest;
  });
  const policies = (
    await pool.query(
      `SELECT * FROM insurance_policies ORDER BY dot_number::bigint, policy_type, policy_number, coverage_amount, form_code`,
    )
  ).rows;
  const core = (await pool.query('SELECT * FROM carrier_core_json ORDER BY dot_number::bigint')).rows;
  // The histories as the API reads them, explicit and implicit versions alike (migrations 024, 025).
  const history = (await pool.query('SELECT * FROM carrier_versions ORDER BY dot_number::bigint, valid_from')).rows;
  const policyHistory = (await pool.query('SELECT * FROM insurance_policy_versions ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13')).rows;
  const riskHistory = (await pool.query('SELECT * FROM risk_history_all ORDER BY dot_number::bigint, etl_run_id')).rows;
  return { carriers, policies, core, history, policyHistory, riskHistory };
}

export async function changesOf(pool: Pool, runId: number) {
  return (
    await pool.query<{ dot_number: string; category: string; old_values: object; new_values: object; carrier_name: string; phy_state: string }>(
      'SELECT dot_number, carrier_name, category, old_values, new_values, phy_state FROM changes WHERE etl_run_id = $1 ORDER BY id',
      [runId],
    )
  ).rows;
}

export async function servedRunId(pool: Pool): Promise<number | null> {
  const { rows } = await pool.query(`SELECT etl_run_id FROM etl_runs WHERE status = 'succeeded' ORDER BY batch_ts DESC LIMIT 1`);
  return rows[0]?.etl_run_id ?? null;
}
