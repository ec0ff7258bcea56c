/**
 * Running the pipeline: all stages for a day folder, each new day of a folder of day folders in
 * date order, or one stage of an existing run. Timings land in etl_runs.stages; a failure marks
 * the run failed (a served run stays served) and stops the remaining days.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runContext, type PipelineEnv } from './context.ts';
import { runSchema } from './duck.ts';
import { deltaSchema } from './input-delta.ts';
import { dropRunFiles } from './carried-tables.ts';
import { beginRun, batchTsOf, getRun, isDayFolderName, markFailed, recordStage, runByBatch, servedRun, type EtlRun } from './etl-runs.ts';
import { isStage, runPlan, stageByName, type PlanOptions, type Stage, type StageOptions, type StageResult } from './stages/plan.ts';
import { removeOrphanTmpDirs } from './tmp-dirs.ts';

export interface StageOutcome extends StageResult {
  stage: string;
  ms: number;
}

export interface DayOutcome {
  day: string;
  etl_run_id: number | null;
  status: 'succeeded' | 'skipped';
  stages: StageOutcome[];
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs one stage of a run and records its timing. */
export async function runStage(env: PipelineEnv, run: EtlRun, stage: Stage, opts: StageOptions = {}): Promise<StageOutcome> {
  const ctx = runContext(env, run);
  const orphans = removeOrphanTmpDirs(env.config.dataDir);
  if (orphans.length) ctx.logger.info({ removed: orphans }, 'removed the temp dirs of killed pipelines');
  const started = Date.now();
  try {
    const result = await stage.run(ctx, opts);
    const ms = Date.now() - started;
    await recordStage(env.pool, run.etl_run_id, stage.name, { ms, rows: result.rows, at: new Date().toISOString(), ...result.detail });
    ctx.logger.info({ stage: stage.name, ms, rows: result.rows }, 'stage done');
    return { stage: stage.name, ms, ...result };
  } finally {
    fs.rmSync(ctx.tmpDir, { recursive: true, force: true });
  }
}

/** All stages for one day folder (runPlan(plan)); a day already loaded is skipped. */
export async function runDay(env: PipelineEnv, dayDir: string, opts: StageOptions = {}, plan: PlanOptions = {}): Promise<DayOutcome> {
  const day = path.basename(path.resolve(dayDir));
  const claimed = await beginRun(env.pool, dayDir);
  if (!claimed) {
    env.logger.info({ day }, 'day already loaded; skipped');
    return { day, etl_run_id: (await runByBatch(env.pool, batchTsOf(dayDir)))?.etl_run_id ?? null, status: 'skipped', stages: [] };
  }
  const { run, release } = claimed;
  env.logger.info({ day, etl_run_id: run.etl_run_id }, 'run started');
  const stages: StageOutcome[] = [];
  const planned = runPlan(plan);
  try {
    // A fresh attempt starts from a clean DuckDB schema (a reset PostgreSQL can reuse run ids).
    await env.duck.conn.run(`DROP SCHEMA IF EXISTS ${runSchema(run.etl_run_id)} CASCADE`);
    await env.duck.conn.run(`DROP SCHEMA IF EXISTS ${deltaSchema(run.etl_run_id)} CASCADE`);
    await dropRunFiles(env.duck.conn, env.config, (id) => id === run.etl_run_id);
    for (const step of planned.steps) {
      if (isStage(step)) stages.push(await runStage(env, run, step, opts));
      else await step.start(runContext(env, run));
    }
  } catch (err) {
    await planned.abandon();
    await markFailed(env.pool, run.etl_run_id, errorText(err));
    throw err;
  } finally {
    await release();
  }
  return { day, etl_run_id: run.etl_run_id, status: 'succeeded', stages };
}

/**
 * `input` is a day folder (YYYY-MM-DD) or a folder of them. Days not yet loaded run in date
 * order; days older than the served run are skipped (loading them would move data back in time).
 */
export async function runInput(
  env: PipelineEnv,
  input: string,
  opts: StageOptions = {},
  onDay?: (d: DayOutcome) => void,
  plan: PlanOptions = {},
): Promise<DayOutcome[]> {
  const dir = path.resolve(input);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`${input}: no such folder`);
  if (isDayFolderName(path.basename(dir))) {
    const out = await runDay(env, dir, opts, plan);
    onDay?.(out);
    return [out];
  }
  const days = fs
    .readdirSync(dir)
    .filter((n) => isDayFolderName(n) && fs.statSync(path.join(dir, n)).isDirectory())
    .sort();
  if (days.length === 0) throw new Error(`${input}: no day folders (YYYY-MM-DD) inside`);
  const outcomes: DayOutcome[] = [];
  for (const day of days) {
    const served = await servedRun(env.pool);
    const existing = await runByBatch(env.pool, batchTsOf(day));
    if (served && existing?.status !== 'succeeded' && batchTsOf(day).getTime() < served.batch_ts.getTime()) {
      env.logger.warn({ day }, 'day is older than the served run and was never loaded; skipped');
      continue;
    }
    const out = await runDay(env, path.join(dir, day), opts, plan);
    onDay?.(out);
    outcomes.push(out);
  }
  return outcomes;
}

/** `stage NAME --run ID`: one stage of an existing run again (of runPlan(plan)). */
export async function rerunStage(
  env: PipelineEnv,
  name: string,
  runId: number,
  opts: StageOptions = {},
  plan: PlanOptions = {},
): Promise<StageOutcome> {
  const stage = stageByName(name, runPlan(plan));
  const run = await getRun(env.pool, runId);
  if (!run) throw new Error(`no run ${runId}`);
  try {
    return await runStage(env, run, stage, opts);
  } catch (err) {
    await markFailed(env.pool, run.etl_run_id, `${name}: ${errorText(err)}`);
    throw err;
  }
}
