import type { RunContext } from '../context.ts';

/** What a stage reports; the runner adds the timing and stores both in etl_runs.stages. */
export interface StageResult {
  /** Rows produced (ingested, snapshot rows, changes, rows written to PostgreSQL...). */
  rows: number;
  /** Anything worth keeping beside the timing (file layouts, load mode, summary). */
  detail?: Record<string, unknown>;
}

export interface StageOptions {
  /** load: write every carrier (bulk) even when an incremental load is possible. */
  full?: boolean;
  /** diff: accept a run that removes more carriers than the safety limit. */
  allowMassRemoval?: boolean;
}

/** A pipeline stage: one entry taking the run context; idempotent for a run id. */
export interface Stage {
  name: string;
  run: (ctx: RunContext, opts?: StageOptions) => Promise<StageResult>;
}
