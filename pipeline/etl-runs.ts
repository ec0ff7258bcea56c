/**
 * The etl_runs table: one row per dump day. Run ids come from its serial; batch_ts is midnight
 * UTC of the day folder's date and is shared by every row the run writes.
 */
import path from 'node:path';
import pg from 'pg';
import { logger } from '../lib/logger.ts';
import type { Pool, Queryable } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';

/**
 * As stored, plus `interrupted`: stored as `running`, but no process works on it any more (killed
 * or crashed; the etl_run_states view, migration 010). `run` restarts failed and interrupted runs.
 */
type RunStatus = 'running' | 'interrupted' | 'succeeded' | 'failed';

export interface StageTiming {
  ms: number;
  rows: number;
  at: string;
  [detail: string]: unknown;
}

export interface EtlRun {
  etl_run_id: number;
  batch_ts: Date;
  input_dir: string;
  status: RunStatus;
  stages: Record<string, StageTiming>;
  summary: Record<string, number> | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a day folder named YYYY-MM-DD; an error for any other name. */
export function batchTsOf(dayDir: string): Date {
  const name = path.basename(path.resolve(dayDir));
  const m = DAY.exec(name);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || d.toISOString().slice(0, 10) !== name) {
    throw new Error(`${dayDir}: a day folder must be named YYYY-MM-DD (its date is the batch date)`);
  }
  return d;
}

export const isDayFolderName = (name: string): boolean => DAY.test(name);

/** 'YYYY-MM-DD' of a batch timestamp. */
export const batchDate = (ts: Date): string => ts.toISOString().slice(0, 10);

export async function getRun(db: Queryable, runId: number): Promise<EtlRun | null> {
  const { rows } = await db.query<EtlRun>(sql('pipeline/runs_get'), [runId]);
  return rows[0] ?? null;
}

export async function runByBatch(db: Queryable, batchTs: Date): Promise<EtlRun | null> {
  const { rows } = await db.query<EtlRun>(sql('pipeline/runs_by_batch'), [batchTs]);
  return rows[0] ?? null;
}

export async function listRuns(db: Queryable): Promise<EtlRun[]> {
  return (await db.query<EtlRun>(sql('pipeline/runs_list'))).rows;
}

export interface RunRef {
  etl_run_id: number;
  batch_ts: Date;
}

/** The run readers see now (newest succeeded), or null before the first load. */
export async function servedRun(db: Queryable): Promise<RunRef | null> {
  return (await db.query<RunRef>(sql('pipeline/served_run'))).rows[0] ?? null;
}

/** The newest succeeded run before `batchTs`: what a run's diff and load are relative to. */
export async function previousRun(db: Queryable, batchTs: Date): Promise<RunRef | null> {
  return (await db.query<RunRef>(sql('pipeline/runs_previous'), [batchTs])).rows[0] ?? null;
}

/** A run this process works on, and the release of its claim on it. */
export interface ClaimedRun {
  run: EtlRun;
  /** Ends the claim (the session holding the run's advisory lock). */
  release: () => Promise<void>;
}

/**
 * Claims run `runId` for this process: its advisory lock, held on a session of its own until
 * `release` (or until the process dies, which is how etl_run_states tells `interrupted` runs).
 * Null when another process holds it.
 */
async function claimRun(pool: Pool, runId: number): Promise<(() => Promise<void>) | null> {
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  // A lost session loses only the claim (the run goes on; another process could then claim it):
  // logged, not thrown, so that it shows.
  client.on('error', (err) => logger.warn({ err, etl_run_id: runId }, 'the session holding the run\'s claim was lost'));
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>(sql('pipeline/run_lock'), [runId]);
  if (!rows[0].locked) {
    await client.end();
    return null;
  }
  return () => client.end();
}

/**
 * The run for a day folder, claimed by this process: a new run, also when the day failed before
 * (every attempt keeps its own row: a failed run stays failed, with its error). A run whose
 * process died is recorded as failed first. A succeeded day returns null; a day another process
 * is running is an error.
 */
export async function beginRun(pool: Pool, dayDir: string): Promise<ClaimedRun | null> {
  const batchTs = batchTsOf(dayDir);
  const inputDir = path.resolve(dayDir);
  const existing = await runByBatch(pool, batchTs);
  if (existing?.status === 'succeeded') return null;
  const served = await servedRun(pool);
  if (served && served.batch_ts.getTime() > batchTs.getTime()) {
    throw new Error(
      `${inputDir}: day ${batchDate(batchTs)} is older than the served run ${served.etl_run_id} ` +
        `(${batchDate(served.batch_ts)}); loading it would move the data back in time`,
    );
  }
  if (existing?.status === 'running') {
    throw new Error(`${inputDir}: day ${batchDate(batchTs)} (run ${existing.etl_run_id}) is being run by another process`);
  }
  if (existing?.status === 'interrupted') {
    // Its process is gone (nobody holds its lock): claim it, so no one else records it, and close it.
    const release = await claimRun(pool, existing.etl_run_id);
    if (!release) throw new Error(`${inputDir}: day ${batchDate(batchTs)} (run ${existing.etl_run_id}) is being run by another process`);
    try {
      await pool.query(sql('pipeline/runs_interrupted'), [existing.etl_run_id]);
    } finally {
      await release();
    }
  }
  const { rows } = await pool.query<EtlRun>(sql('pipeline/runs_insert'), [batchTs, inputDir]);
  const release = await claimRun(pool, rows[0].etl_run_id);
  // A fresh run id cannot be claimed by anyone else.
  if (!release) throw new Error(`run ${rows[0].etl_run_id} was claimed by another process as it was created`);
  return { run: rows[0], release };
}

export async function recordStage(db: Queryable, runId: number, stage: string, timing: StageTiming): Promise<void> {
  await db.query(sql('pipeline/runs_stage_done'), [runId, stage, JSON.stringify(timing)]);
}

export async function recordSummary(db: Queryable, runId: number, summary: Record<string, number>): Promise<void> {
  await db.query(sql('pipeline/runs_summary'), [runId, JSON.stringify(summary)]);
}

export async function markFailed(db: Queryable, runId: number, error: string): Promise<void> {
  await db.query(sql('pipeline/runs_fail'), [runId, error]);
}

export async function markSucceeded(db: Queryable, runId: number, summary: Record<string, number>, carriers: number): Promise<void> {
  await db.query(sql('pipeline/runs_succeed'), [runId, JSON.stringify(summary), carriers]);
}

export interface QuarantinedRow {
  file: string;
  dataset: string;
  line: number;
  reason: string;
  raw: string;
}

/** The rows run `runId`'s ingest quarantined, by file and line. */
export async function quarantineOf(db: Queryable, runId: number): Promise<QuarantinedRow[]> {
  return (await db.query<QuarantinedRow>(sql('pipeline/quarantine_list'), [runId])).rows;
}
