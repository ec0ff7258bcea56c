/**
 * The nightly ETL as a pg-boss cron job (ETL_CRON, UTC): fetch today's day folder from the data
 * portal (jobs/etl-fetch.ts), then run the pipeline CLI in a child process on the newest dump
 * folder of ETL_INPUT_DIR. Each run's load queues its own watchlist fan-out in its transaction
 * (pipeline/load-plan/watchlist-fan-out.ts), so this job queues none. The fetch keeps a folder
 * already fetched and the pipeline skips a day it already loaded, so a repeated job is harmless.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../lib/config.ts';
import type { Pool } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { logger, type Logger } from '../lib/logger.ts';
import { runPipelineCli } from '../lib/pipeline-process.ts';
import type { PgBoss } from './boss.ts';
import { fetchBeforeRun } from './etl-fetch.ts';
import { QUEUES } from './queues.ts';

const DAY_FOLDER = /^\d{4}-\d{2}-\d{2}$/;

/** The newest day folder (YYYY-MM-DD) in `dir`, or null when there is none. */
export function newestDumpFolder(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  // statSync follows symlinks: a day folder may be linked in from elsewhere.
  const days = fs
    .readdirSync(dir)
    .filter((name) => DAY_FOLDER.test(name) && fs.statSync(path.join(dir, name)).isDirectory())
    .sort();
  return days.length ? path.join(dir, days[days.length - 1]) : null;
}

export interface EtlDeps {
  pool: Pool;
  boss: PgBoss;
  config: Pick<Config, 'etlInputDir'>;
  /** Passed to the pipeline process, so it loads into the database this process uses. */
  databaseUrl: string;
  /** Runs the pipeline CLI (tests may point it at another command line). */
  runCli?: typeof runPipelineCli;
  log?: Logger;
}

export interface EtlResult {
  input: string | null;
  /** Runs that succeeded during this job (each load queued its fan-out). */
  runs: number[];
}

/** One ETL job: fetch, then the pipeline on the newest dump folder. */
export async function runEtl(deps: EtlDeps): Promise<EtlResult> {
  const log = deps.log ?? logger.child({ component: 'etl-cron' });
  await fetchBeforeRun({ inputDir: deps.config.etlInputDir, newest: newestDumpFolder(deps.config.etlInputDir), runCli: deps.runCli, log });
  const input = newestDumpFolder(deps.config.etlInputDir);
  if (!input) {
    log.warn({ dir: deps.config.etlInputDir }, 'no dump folder (YYYY-MM-DD) to load');
    return { input: null, runs: [] };
  }
  // Database time, as etl_runs.finished_at is: a run that succeeds from here on is this job's.
  const since = (await deps.pool.query<{ now: Date }>('SELECT now() AS now')).rows[0].now;
  log.info({ input }, 'ETL started');
  await (deps.runCli ?? runPipelineCli)(['run', '--input', input], { DATABASE_URL: deps.databaseUrl });
  const runs = (await deps.pool.query<{ etl_run_id: number }>(sql('jobs/etl-new-runs'), [since])).rows.map((r) => r.etl_run_id);
  log.info({ input, runs }, 'ETL done');
  return { input, runs };
}

/**
 * One ETL job now, besides the schedule (`npm start`): a day missed while the server was down is
 * fetched and loaded, and a fresh machine without the sample gets the registry without waiting
 * for ETL_CRON.
 */
export async function queueEtlNow(boss: PgBoss): Promise<void> {
  await boss.send(QUEUES.etlRun.name, null);
}

/**
 * Schedules the ETL (cron `config.etlCron`, UTC) unless `schedule` is false, and starts its worker.
 * A failing pipeline throws, so pg-boss retries once (jobs/queues.ts).
 */
export async function startEtlWorker(
  boss: PgBoss,
  deps: Omit<EtlDeps, 'boss'> & { config: Pick<Config, 'etlInputDir' | 'etlCron'> },
  options: { schedule?: boolean } = {},
): Promise<string> {
  if (options.schedule !== false) await boss.schedule(QUEUES.etlRun.name, deps.config.etlCron, null, { tz: 'UTC' });
  return boss.work(QUEUES.etlRun.name, { batchSize: 1 }, async () => {
    await runEtl({ ...deps, boss });
  });
}
