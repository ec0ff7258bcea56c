/**
 * The run context every stage receives, and the process-wide pieces it is made of: the DuckDB
 * connection (config.duckdbPath), the PostgreSQL pool, pg-boss for queueing jobs, the logger and
 * the progress display.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { startQueueingBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import type { Config } from '../lib/config.ts';
import { openDatabase } from '../lib/open-database.ts';
import type { Pool } from '../lib/postgres.ts';
import { logger as rootLogger, type Logger } from '../lib/logger.ts';
import { runSchema } from './duck.ts';
import { openDuck, type Duck } from './open-duck.ts';
import { createProgress, type Progress } from './progress.ts';
import { batchDate, type EtlRun } from './etl-runs.ts';

export interface RunContext {
  runId: number;
  /** Midnight UTC of the dump day: the as-of time of every row the run writes. */
  batchTs: Date;
  /** batchTs as 'YYYY-MM-DD'. */
  batchDate: string;
  inputDir: string;
  /** DuckDB schema holding this run's tables (r<runId>). */
  schema: string;
  duck: DuckDBConnection;
  pool: Pool;
  /** pg-boss on `pool`, started on first use, for jobs queued inside the run's transactions. */
  jobs: () => Promise<PgBoss>;
  logger: Logger;
  progress: Progress;
  config: Config;
  /** Scratch files of this run (CSV exports); removed after use. */
  tmpDir: string;
}

/** What stays open across the runs of one process. */
export interface PipelineEnv {
  config: Config;
  pool: Pool;
  duck: Duck;
  /** pg-boss on `pool`, started on first use (no workers: this process only queues jobs). */
  jobs: () => Promise<PgBoss>;
  logger: Logger;
  progress: Progress;
  close: () => Promise<void>;
}

/**
 * Opens PostgreSQL (lib/open-database.ts: DATABASE_URL, else the embedded server, migrated) unless a
 * pool is given, and the pipeline's DuckDB file.
 */
export async function openPipeline(
  config: Config,
  opts: { pool?: Pool; progress?: Progress; logger?: Logger } = {},
): Promise<PipelineEnv> {
  const logger = opts.logger ?? rootLogger.child({ component: 'pipeline' });
  const db = opts.pool ? null : await openDatabase(config, 4);
  const pool = opts.pool ?? db!.pool;
  let duck: Duck;
  try {
    duck = await openDuck(config);
  } catch (err) {
    await db?.close();
    throw err;
  }
  let boss: Promise<PgBoss> | null = null;
  return {
    config,
    pool,
    duck,
    jobs: () => (boss ??= startQueueingBoss(pool)),
    logger,
    progress: opts.progress ?? createProgress(logger),
    close: async () => {
      duck.close();
      // A boss that failed to start has nothing to stop (its load failed and said why).
      const started = await boss?.catch(() => null);
      if (started) await stopBoss(started, 2000);
      await db?.close();
    },
  };
}

export function runContext(env: PipelineEnv, run: EtlRun): RunContext {
  return {
    runId: run.etl_run_id,
    batchTs: run.batch_ts,
    batchDate: batchDate(run.batch_ts),
    inputDir: run.input_dir,
    schema: runSchema(run.etl_run_id),
    duck: env.duck.conn,
    pool: env.pool,
    jobs: env.jobs,
    logger: env.logger.child({ etl_run_id: run.etl_run_id }),
    progress: env.progress,
    config: env.config,
    // Own to this stage run: pipelines on other databases may share DATA_DIR (tests do) and
    // number their runs alike.
    tmpDir: path.join(env.config.dataDir, 'tmp', `run-${run.etl_run_id}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`),
  };
}
