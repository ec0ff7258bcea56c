/**
 * The pipeline of one run, in order: its stages, with the load given its steps
 * (pipeline/load-plan/plan.ts), and the work begun ahead of the stage that takes it over. A plan
 * is made for each run: what one part hands to a later one (a first run's search files) belongs
 * to that run alone, and a failed run's is dropped with it.
 *
 * @example
 *   const plan = runPlan();
 *   for (const step of plan.steps) if (isStage(step)) await runStage(env, run, step); else await step.start(ctx);
 */
import { loadPlan } from '../load-plan/plan.ts';
import { SearchSteps } from '../load-plan/search.ts';
import type { LoadStep } from '../load-plan/step.ts';
import type { RunContext } from '../context.ts';
import { warmUp } from '../warm-up.ts';
import { diff } from './diff.ts';
import { ingest } from './ingest.ts';
import { load } from './load.ts';
import { related } from './related.ts';
import { score } from './score.ts';
import { searchIndex } from './search-index.ts';
import { snapshot } from './snapshot.ts';
import type { Stage } from './types.ts';

export type { Stage, StageOptions, StageResult } from './types.ts';

/** The stages' names in pipeline order (the CLI's status columns; runPlan's stages are these). */
export const STAGE_ORDER = ['ingest', 'snapshot', 'diff', 'related', 'score', 'load', 'search-index'] as const;
export type StageName = (typeof STAGE_ORDER)[number];

/** Work for a later stage begun between two stages; no stage of its own (nothing recorded, no rerun). */
export interface HeadStart {
  name: string;
  start(ctx: RunContext): Promise<void>;
}

export interface RunPlan {
  /** The stages in order, each head start where it begins. */
  steps: (Stage | HeadStart)[];
  /** Stops the head starts' work that no stage took over (a stage failed before it could). */
  abandon(): Promise<void>;
}

/** Plans other than the standard one: a test adds a step that fails or waits where it needs it. */
export interface PlanOptions {
  /** The load's steps, made from the standard ones. */
  loadSteps?: (steps: LoadStep[]) => LoadStep[];
  /** The run's stages and head starts, made from the standard ones. */
  runSteps?: (steps: (Stage | HeadStart)[]) => (Stage | HeadStart)[];
}

export function runPlan(options: PlanOptions = {}): RunPlan {
  const search = new SearchSteps();
  const warm = warmUp();
  const steps = loadPlan(search);
  const runSteps: (Stage | HeadStart)[] = [
    // The pages the load will rewrite, read in while DuckDB works and the disk is idle.
    { name: 'warm-up', start: async (ctx) => warm.startTables(ctx) },
    ingest,
    snapshot,
    { name: 'warm-up (moved carriers)', start: (ctx) => warm.startCarriers(ctx) },
    diff,
    related,
    // DuckDB's half of a first run's search rebuild reads only the snapshot: done here, the score
    // stage keeps both cores, and the load's PostgreSQL half starts from ready files.
    { name: 'search files', start: (ctx) => search.writeFilesAhead(ctx) },
    score,
    { name: 'warm-up done', start: async () => void (await warm.finish()) },
    load(options.loadSteps?.(steps) ?? steps),
    searchIndex,
  ];
  return {
    steps: options.runSteps?.(runSteps) ?? runSteps,
    abandon: async () => {
      await warm.abandon();
      await search.abandon();
    },
  };
}

export const isStage = (step: Stage | HeadStart): step is Stage => 'run' in step;

/** The stages of a run in pipeline order. */
export const stagesInOrder = (plan: RunPlan = runPlan()): Stage[] => plan.steps.filter(isStage);

export function stageByName(name: string, plan: RunPlan = runPlan()): Stage {
  const stage = stagesInOrder(plan).find((s) => s.name === name);
  if (!stage) throw new Error(`unknown stage "${name}" (stages: ${STAGE_ORDER.join(', ')})`);
  return stage;
}
