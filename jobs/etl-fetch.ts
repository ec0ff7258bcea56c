/**
 * The nightly job's first step: `pipeline fetch` builds today's day folder in ETL_INPUT_DIR from
 * the data portal (a child process, like the run). A machine that cannot reach the portal logs
 * one line and the run goes on with the folders already there; so does a machine serving the
 * generated sample, which real data must not be loaded on top of.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import { PIPELINE_EXIT, PipelineExitError, runPipelineCli } from '../lib/pipeline-process.ts';

export type FetchStep = 'fetched' | 'unreachable' | 'sample';

/** True for a day folder written by the sample generator (pipeline/synth: its manifest has a seed). */
function isGeneratedSample(dayDir: string): boolean {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(dayDir, 'manifest.json'), 'utf8')) as { seed?: unknown; changes?: unknown };
    return typeof m.seed === 'number' && Array.isArray(m.changes);
  } catch {
    return false;
  }
}

export async function fetchBeforeRun(deps: {
  /** ETL_INPUT_DIR: the day folder is `<inputDir>/<today UTC>`. */
  inputDir: string;
  /** Its newest day folder before the fetch, or null. */
  newest: string | null;
  runCli?: typeof runPipelineCli;
  log: Logger;
  now?: () => Date;
}): Promise<FetchStep> {
  if (deps.newest && isGeneratedSample(deps.newest)) {
    deps.log.info({ newest: deps.newest }, 'fetch skipped: ETL_INPUT_DIR holds the generated sample, and real data is not loaded on top of it (README: "Real data")');
    return 'sample';
  }
  try {
    const date = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    const args = ['fetch', '--date', date, '--out', path.join(deps.inputDir, date)];
    await (deps.runCli ?? runPipelineCli)(args, {}, { quietExitCodes: [PIPELINE_EXIT.unreachable], showLog: true });
    return 'fetched';
  } catch (err) {
    if (!(err instanceof PipelineExitError) || err.code !== PIPELINE_EXIT.unreachable) throw err;
    deps.log.warn(`${err.line}; the run uses the day folders already in ETL_INPUT_DIR`);
    return 'unreachable';
  }
}
