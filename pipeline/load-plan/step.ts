/**
 * A step of a run's load: one piece of work inside the load's PostgreSQL transaction. The load
 * stage (pipeline/stages/load.ts) runs the steps it is given in their order, then marks the run
 * succeeded in the same transaction, so readers see every step's writes or none of them; a step
 * that throws rolls the whole load back. The list the pipeline gives it is pipeline/load-plan/plan.ts.
 *
 * @example
 *   const explode: LoadStep = { name: 'explode', run: async () => { throw new Error('no'); } };
 *   load([...loadPlan(search), explode]); // a load that always rolls back
 */
import path from 'node:path';
import type { PoolClient } from '../../lib/postgres.ts';
import type { RunContext } from '../context.ts';

export interface LoadTransaction {
  ctx: RunContext;
  /** The load's transaction. */
  client: PoolClient;
  /**
   * full: every carrier is rewritten (TRUNCATE and COPY). incremental: only the DOTs in
   * `<schema>.load_delta (dot_number, op)` in DuckDB (op insert/update/delete), which the delta
   * step also puts in the PostgreSQL temp table `load_delta`.
   */
  mode: 'full' | 'incremental';
  /**
   * Registers `cleanup` to run when the load fails (after the rollback): for work a step started
   * beside the transaction on connections of its own, which the rollback cannot undo.
   */
  onFailure(cleanup: () => Promise<void>): void;
}

/** What a step reports (rows written, how it went), kept in the load's stage record (etl_runs.stages.load). */
export type StepDetail = Record<string, number | boolean>;

export interface LoadStep {
  name: string;
  run(tx: LoadTransaction): Promise<StepDetail | void>;
}

/** A CSV file of the load's (written by the export step, read by the write steps). */
export const loadFile = (tx: LoadTransaction, name: string): string => path.join(tx.ctx.tmpDir, `${name}.csv`);
